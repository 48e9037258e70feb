#pragma once
// The tribunal-cli commands, each declared once: its words, its options and what it does. The dispatcher
// (cli_main.cpp), the top-level help, each command's --help, `tribunal-cli help --commands` and `help
// --options` (read by the man-page, docs and help tests) all iterate commands(); nothing else lists them.
//
// A command's options are what its define function adds to the parser, so the help is made from the very
// declarations the command parses with and cannot name an option the command does not take. An option whose
// value is one of a fixed set names the set as its value name ("csv|md|json|latex"): the synopsis shows the
// set, and tst_clihelp runs the command with every member of it (each must be accepted) and with a value
// outside it (which must be refused).
//
// To add a command: write its file with a `const Command& xCommand()` (define and run functions in an
// anonymous namespace) and add one line `TRIBUNAL_CLI_COMMAND(xCommand)` to commandlist.inc, in the order the
// help lists it. The sources of app/cli are globbed, so CMake needs no line. docs/developing.md walks through
// an example.

#include <QCommandLineParser>
#include <QString>
#include <QStringList>

#include <vector>

namespace tribunal::cli {

class CommandParser; // common.h

struct Command {
    /// The words the user types after the program name: "cost", "batch write".
    const char* name = nullptr;
    /// Sets the description (translated, Msg::tr), the positional arguments and the options (addOptions);
    /// never --help, which the dispatcher adds.
    void (*define)(CommandParser& parser) = nullptr;
    /// Runs the command after a successful parse; returns the exit code (common.h). The parser was given the
    /// whole argument list, so positionalArguments() starts with the command's first word.
    int (*run)(const QCommandLineParser& parser) = nullptr;
    /// Options the synopsis shows without brackets (the command refuses to run without them), by their
    /// first name: {"o"}, {"first", "fallbacks"}.
    QStringList required;
    /// The tables the command writes with --format latex, by their --table value, the default first; {""}
    /// for a command with one table and no --table. The Export dialog offers exactly these (tested by
    /// tst_exportregistry through `help --latex-tables`; tst_clihelp checks each against the command).
    QStringList latexTables;
};

/// Every command, in the order the help lists them.
const std::vector<const Command*>& commands();

/// The command `args` (program name first) names, with *words set to the number of arguments its name
/// takes; null when none matches.
const Command* findCommand(const QStringList& args, int* words);

/// The commands whose name is `group` followed by one more word ("batch" -> "batch write", "batch import"),
/// in registry order; empty when `group` is no group.
std::vector<const Command*> subcommandsOf(const QString& group);

/// Parses `args` with the options `command` defines and runs it; prints the help (with the usage line
/// "Usage: tribunal-cli NAME ...") and returns 0 on --help, prints the usage error and returns kUsage on a
/// parse error.
int dispatch(const Command& command, const QStringList& args);

/// The command's synopsis as the top-level help prints it: name, positional arguments, required options,
/// then the others in brackets ("[--table summary|curve]"); the input options every reading command shares
/// are shown once as "[INPUT OPTIONS]". Syntax, never translated; wrapped at `width` columns with
/// continuation lines indented by 8 spaces (the first line has no indent).
QString synopsis(const Command& command, int width = 106);

/// The top-level help (`tribunal-cli --help`): usage, every command's synopsis, the input options, exit
/// codes. Prose translated, syntax not.
QString topLevelHelp();

/// `tribunal-cli help [--commands | --options | --latex-tables | COMMAND]`: the top-level help; the command
/// names one per line; every command's options as "NAME<TAB>--option<TAB>VALUE" lines (VALUE empty for a
/// flag, options hidden from the help left out); every LaTeX table as "NAME<TAB>TABLE" lines (TABLE empty
/// for a command without --table); or one command's help.
int runHelp(const QStringList& args);

} // namespace tribunal::cli
