// tribunal-cli: the command-line face of the workbench. Dispatches to the commands of app/cli/registry.h;
// every number comes from tribunal_core, every file from tribunal_io.

#include "cli/common.h"
#include "cli/registry.h"
#include "model/largeblocks.h"

#include <QCoreApplication>

#include <clocale>
#include <iostream>

using namespace tribunal::cli;

int main(int argc, char** argv)
{
    tribunal::mapLargeBlocks(); // freed columns go back to the system at once
    QCoreApplication app(argc, argv);
    QCoreApplication::setApplicationName("tribunal-cli");
    QCoreApplication::setApplicationVersion(TRIBUNAL_VERSION);
    installCliTranslations(app);
    // Qt set the C library's locale from the environment; numbers printed or read with printf / strtod must
    // keep the decimal point in every locale (QCoreApplication's documentation recommends this reset).
    static_cast<void>(std::setlocale(LC_NUMERIC, "C")); // "C" always exists
    const auto args = app.arguments();
    const QString command = args.size() > 1 ? args[1] : QString();
    if (command == "--version" || command == "-v") {
        std::cout << "tribunal-cli " << TRIBUNAL_VERSION << '\n';
        return kOk;
    }
    if (command.isEmpty() || command == "--help" || command == "-h") {
        std::cout << topLevelHelp().toStdString();
        return command.isEmpty() ? kUsage : kOk;
    }
    if (command == "help")
        return runHelp(args);
    int words = 0;
    if (const Command* found = findCommand(args, &words))
        return dispatch(*found, args);
    // The first word of commands with subcommands ("batch write", "batch import").
    const auto group = subcommandsOf(command);
    if (group.empty())
        return usage(Msg::tr("unknown command '%1'").arg(command));
    QStringList subcommands;
    for (const Command* candidate : group)
        subcommands << QString::fromLatin1(candidate->name).section(QLatin1Char(' '), 1);
    const QString choices =
        subcommands.size() == 1
            ? subcommands[0]
            : Msg::tr("%1 or %2")
                  .arg(subcommands.mid(0, subcommands.size() - 1).join(", "), subcommands.constLast());
    const QString sub = args.value(2);
    if (sub == "--help" || sub == "-h") {
        // Help for people: "Usage:" is translated, the synopses (syntax) are not.
        for (const Command* candidate : group)
            std::cout << Msg::tr("Usage: %1").arg("tribunal-cli " + synopsis(*candidate)).toStdString()
                      << '\n';
        return kOk;
    }
    return usage(sub.isEmpty() ? Msg::tr("%1 needs a subcommand: %2").arg(command, choices)
                               : Msg::tr("%1: unknown subcommand '%2' (%3)").arg(command, sub, choices));
}
