#include "registry.h"

#include "common.h"

#include <QCoreApplication>

#include <iostream>

namespace tribunal::cli {

// One declaration and one entry per line of commandlist.inc.
#define TRIBUNAL_CLI_COMMAND(function) const Command& function();
#include "commandlist.inc"
#undef TRIBUNAL_CLI_COMMAND

const std::vector<const Command*>& commands()
{
#define TRIBUNAL_CLI_COMMAND(function) &function(),
    static const std::vector<const Command*> all = {
#include "commandlist.inc"
    };
#undef TRIBUNAL_CLI_COMMAND
    return all;
}

const Command* findCommand(const QStringList& args, int* words)
{
    // The longest name wins ("batch write" before a command "batch", were there one).
    const Command* found = nullptr;
    int foundWords = 0;
    for (const Command* command : commands()) {
        const QStringList name = QString::fromLatin1(command->name).split(QLatin1Char(' '));
        if (name.size() > foundWords && args.mid(1, name.size()) == name) {
            found = command;
            foundWords = static_cast<int>(name.size());
        }
    }
    *words = foundWords;
    return found;
}

std::vector<const Command*> subcommandsOf(const QString& group)
{
    std::vector<const Command*> found;
    for (const Command* command : commands()) {
        const QStringList name = QString::fromLatin1(command->name).split(QLatin1Char(' '));
        if (name.size() == 2 && name[0] == group)
            found.push_back(command);
    }
    return found;
}

namespace {

// The options every command that reads judgment files takes (common.h addOptions, trustcli_common.h); the
// synopsis names them once.
bool isInputOption(const QString& name)
{
    return name == QLatin1String("skip-bad") || name == QLatin1String("input-format") ||
           name == QLatin1String("questions") || name == QLatin1String("answers") ||
           name == QLatin1String("baseline");
}

QString shownName(const QCommandLineOption& option)
{
    // The shortest name, as people type it: -o, --table.
    QString name = option.names().constFirst();
    for (const QString& other : option.names())
        if (other.size() < name.size())
            name = other;
    return (name.size() == 1 ? QStringLiteral("-") : QStringLiteral("--")) + name;
}

QString shownOption(const QCommandLineOption& option)
{
    const QString name = shownName(option);
    return option.valueName().isEmpty() ? name : name + QLatin1Char(' ') + option.valueName();
}

QString usageLine(const QString& help, const Command& command)
{
    // QCommandLineParser names the program by the path it was started with (arguments().first()); the
    // usage line names the command as it is typed.
    const QString program = QCoreApplication::arguments().value(0);
    const qsizetype lineEnd = help.indexOf(QLatin1Char('\n'));
    const qsizetype at = program.isEmpty() ? -1 : help.indexOf(program);
    if (at < 0 || (lineEnd >= 0 && at > lineEnd))
        return help;
    QString out = help;
    out.replace(at, program.size(), QStringLiteral("tribunal-cli ") + QLatin1String(command.name));
    return out;
}

} // namespace

int dispatch(const Command& command, const QStringList& args)
{
    CommandParser parser;
    command.define(parser);
    parser.addHelpOption();
    if (!parser.parse(args))
        return usage(parser.errorText());
    if (parser.isSet(QStringLiteral("help"))) {
        std::cout << usageLine(parser.helpText(), command).toStdString();
        return kOk;
    }
    return command.run(parser);
}

QString synopsis(const Command& command, int width)
{
    CommandParser parser;
    command.define(parser);
    QStringList parts = {QString::fromLatin1(command.name)};
    for (const CommandParser::Positional& positional : parser.definedPositionals())
        parts << positional.syntax;
    bool readsInputs = false;
    QStringList optional;
    for (const QCommandLineOption& option : parser.definedOptions()) {
        const QString first = option.names().constFirst();
        if (isInputOption(first)) {
            readsInputs = true;
            continue;
        }
        if (command.required.contains(first))
            parts << shownOption(option);
        else
            optional << QLatin1Char('[') + shownOption(option) + QLatin1Char(']');
    }
    parts << optional;
    if (readsInputs)
        parts << QStringLiteral("[INPUT OPTIONS]");
    // Wrapped between words; continuation lines indented.
    QString out, line;
    for (const QString& part : parts) {
        const int indent = out.isEmpty() ? 0 : 8;
        if (!line.isEmpty() && indent + line.size() + 1 + part.size() > width) {
            out += QString(indent, QLatin1Char(' ')) + line + QLatin1Char('\n');
            line.clear();
        }
        line += (line.isEmpty() ? QString() : QStringLiteral(" ")) + part;
    }
    out += QString(out.isEmpty() ? 0 : 8, QLatin1Char(' ')) + line;
    return out;
}

QString topLevelHelp()
{
    QString text = Msg::tr("Usage: tribunal-cli COMMAND [options]") + QStringLiteral("\n\n") +
                   Msg::tr("Commands:") + QLatin1Char('\n');
    for (const Command* command : commands())
        for (const QString& line : synopsis(*command).split(QLatin1Char('\n')))
            text += QStringLiteral("  ") + line + QLatin1Char('\n');
    text += QStringLiteral("  ") + Msg::tr("(judges: NAME or NAME@FORMAT)") + QStringLiteral("\n\n");
    text += Msg::tr("INPUT OPTIONS (every command that reads judgment files):") + QLatin1Char('\n') +
            QStringLiteral("  [--input-format F] [--skip-bad] [--questions FILE] [--answers DIR] "
                           "[--baseline MODEL]\n\n");
    text += Msg::tr("Run 'tribunal-cli COMMAND --help' for a command's options.") + QLatin1Char('\n');
    text += Msg::tr("Exit codes: 0 success, 1 usage or I/O error, 2 bad input (errors on stderr).") +
            QLatin1Char('\n');
    return text;
}

int runHelp(const QStringList& args)
{
    const QString what = args.value(2);
    if (what.isEmpty()) {
        std::cout << topLevelHelp().toStdString();
        return kOk;
    }
    if (what == QLatin1String("--commands")) {
        for (const Command* command : commands())
            std::cout << command->name << '\n';
        return kOk;
    }
    if (what == QLatin1String("--latex-tables")) {
        for (const Command* command : commands())
            for (const QString& table : command->latexTables)
                std::cout << command->name << '\t' << table.toStdString() << '\n';
        return kOk;
    }
    if (what == QLatin1String("--options")) {
        for (const Command* command : commands()) {
            CommandParser parser;
            command->define(parser);
            for (const QCommandLineOption& option : parser.definedOptions()) {
                if (option.flags().testFlag(QCommandLineOption::HiddenFromHelp))
                    continue; // read by name for another command's sake, never offered
                for (const QString& name : option.names())
                    std::cout << command->name << '\t' << (name.size() == 1 ? "-" : "--")
                              << name.toStdString() << '\t' << option.valueName().toStdString() << '\n';
            }
        }
        return kOk;
    }
    // help COMMAND: that command's --help.
    QStringList commandArgs = {args.value(0)};
    commandArgs << args.mid(2);
    int words = 0;
    const Command* command = findCommand(commandArgs, &words);
    if (command == nullptr)
        return usage(Msg::tr("unknown command '%1'").arg(args.mid(2).join(QLatin1Char(' '))));
    return dispatch(*command, commandArgs.mid(0, 1 + words) << QStringLiteral("--help"));
}

} // namespace tribunal::cli
