#include "cli/manual.h"

#include <string>
#include <vector>

#include <fmt/format.h>

namespace slidedb::cli {

namespace {

// The option's names as a user types them: "-j, --jobs".
std::string spelled(const CLI::Option& o) {
    std::string s;
    for (const std::string& n : o.get_snames()) s += (s.empty() ? "-" : ", -") + n;
    for (const std::string& n : o.get_lnames()) s += (s.empty() ? "--" : ", --") + n;
    return s.empty() ? o.get_name() : s;
}

// The longest name, for completion: "--jobs".
std::string longest(const CLI::Option& o) {
    if (!o.get_lnames().empty()) return "--" + o.get_lnames().front();
    if (!o.get_snames().empty()) return "-" + o.get_snames().front();
    return o.get_name();
}

bool is_flag(const CLI::Option& o) { return o.get_expected_max() == 0; }

// The values a validator allows ("{table,md,csv}" in the type name), or none.
std::vector<std::string> allowed_values(const CLI::Option& o) {
    const std::string type = o.get_type_name();
    const auto open = type.find('{'), close = type.rfind('}');
    std::vector<std::string> values;
    if (open == std::string::npos || close == std::string::npos || close < open) return values;
    std::string item;
    for (const char c : type.substr(open + 1, close - open - 1)) {
        if (c == ',') {
            values.push_back(item);
            item.clear();
        } else {
            item += c;
        }
    }
    values.push_back(item);
    return values;
}

// Options that name a file or folder: completion offers file names there.
bool takes_path(const CLI::Option& o) {
    const std::string d = o.get_description();
    for (const char* word : {"file", "File", "folder", "Folder", "database", "Database", "picture", "screenshot"})
        if (d.find(word) != std::string::npos) return true;
    return false;
}

// The word for an option's value in the synopsis: FILE, N, TEXT, ...
std::string value_word(const CLI::Option& o) {
    const std::vector<std::string> values = allowed_values(o);
    if (!values.empty()) {
        std::string joined;
        for (const std::string& v : values) joined += (joined.empty() ? "" : "|") + v;
        return joined;
    }
    std::string type = o.get_type_name();
    type = type.substr(0, type.find(':'));
    if (!o.get_positional() && takes_path(o) && (type.empty() || type == "TEXT")) return "FILE";
    if (type.empty() || type == "TEXT") {
        std::string name = longest(o);
        while (!name.empty() && name.front() == '-') name.erase(name.begin());
        for (char& c : name) c = c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
        return name;
    }
    return type == "UINT" || type == "INT" || type == "FLOAT" ? (type == "FLOAT" ? "X" : "N") : type;
}

// roff text: a leading dot or quote would be read as a request, and a
// backslash as an escape.
std::string roff(std::string_view text) {
    std::string out;
    for (const char c : text) {
        if (c == '\\') out += "\\e";
        else if (c == '-') out += "\\-";
        else out += c;
    }
    if (!out.empty() && (out.front() == '.' || out.front() == '\'')) out.insert(0, "\\&");
    return out;
}

std::vector<const CLI::Option*> options_of(const CLI::App& app) {
    return app.get_options([&](const CLI::Option* o) { return o != app.get_help_ptr(); });
}

std::vector<const CLI::App*> commands_of(const CLI::App& app) {
    return app.get_subcommands([](const CLI::App*) { return true; });
}

std::string synopsis(const CLI::App& command) {
    std::string s = fmt::format("\\fBslidedb {}\\fR", command.get_name());
    for (const CLI::Option* o : options_of(command)) {
        if (o->get_positional()) {
            const std::string word = fmt::format("\\fI{}\\fR{}", roff(o->get_name()), o->get_expected_max() > 1 ? "..." : "");
            s += o->get_required() ? " " + word : " [" + word + "]";
        } else {
            const std::string word =
                is_flag(*o) ? fmt::format("\\fB{}\\fR", roff(longest(*o)))
                            : fmt::format("\\fB{}\\fR \\fI{}\\fR", roff(longest(*o)), roff(value_word(*o)));
            s += o->get_required() ? " " + word : " [" + word + "]";
        }
    }
    return s;
}

}  // namespace

void write_man_page(const CLI::App& app, std::string_view version, std::ostream& out) {
    out << fmt::format(".TH SLIDEDB 1 \"\" \"slidedb {}\" \"User Commands\"\n", version);
    out << ".SH NAME\nslidedb \\- import sliding-block puzzles, solve them optimally, ask the database\n";
    out << ".SH SYNOPSIS\n";
    for (const CLI::App* c : commands_of(app)) out << ".br\n" << synopsis(*c) << "\n";
    out << ".br\n\\fBslidedb \\-\\-version\\fR | \\fB\\-\\-help\\fR\n";
    out << ".SH DESCRIPTION\n" << roff(app.get_description()) << ".\n"
        << ".PP\nslidedb reads board files and screenshots of sliding-block puzzles (Unblock Me / Rush Hour, "
           "pieces of any shape such as Klotski, sliding tiles), finds every puzzle's optimal solution by "
           "breadth-first search in the move metric, and stores boards, solutions and per-level search "
           "statistics in one SQLite file, which the reports and queries read.\n";
    out << ".SH OPTIONS\n";
    for (const CLI::Option* o : options_of(app))
        out << ".TP\n\\fB" << roff(spelled(*o)) << "\\fR\n" << roff(o->get_description()) << ".\n";
    out << ".TP\n\\fB\\-h, \\-\\-help\\fR\nPrint the commands, or a command's options, and exit.\n";
    out << ".SH COMMANDS\n";
    for (const CLI::App* c : commands_of(app)) {
        out << ".SS " << c->get_name() << "\n" << synopsis(*c) << "\n.PP\n" << roff(c->get_description()) << ".\n";
        for (const CLI::Option* o : options_of(*c)) {
            out << ".TP\n";
            if (o->get_positional())
                out << "\\fI" << roff(o->get_name()) << "\\fR\n";
            else if (is_flag(*o))
                out << "\\fB" << roff(spelled(*o)) << "\\fR\n";
            else
                out << "\\fB" << roff(spelled(*o)) << "\\fR \\fI" << roff(value_word(*o)) << "\\fR\n";
            out << roff(o->get_description()) << ".";
            if (o->get_required() && !o->get_positional()) out << " Required.";
            if (!o->get_default_str().empty() && !is_flag(*o))
                out << " Default: \\fB" << roff(o->get_default_str()) << "\\fR.";
            if (o->get_expected_max() > 1 && !o->get_positional()) out << " May be given more than once.";
            out << "\n";
        }
    }
    out << ".SH EXIT STATUS\n"
           ".TP\n0\nAll good.\n"
           ".TP\n1\nSome input failed, or a file's claimed figures disagree with the search; the run went on "
           "and stored the rest (errors are rows of the database).\n"
           ".TP\n2\nUsage error: a bad option or value, a file that is not a slidedb database, a statement "
           "that would write.\n"
           ".TP\n130\nStopped by Ctrl-C (query, report, import, enumerate, generate \\-\\-hardest). import stores "
           "the puzzles solved so far, enumerate the work under way, and the same command goes on; "
           "generate \\-\\-hardest writes the "
           "best found so far.\n"
           ".TP\n143\nimport, enumerate or generate \\-\\-hardest stopped by SIGTERM, as a batch scheduler sends "
           "at a job's time limit: as for 130.\n";
    out << ".SH FILES\n.TP\n\\fIpuzzles.db\\fR\nThe database in the current folder, unless \\fB\\-\\-db\\fR "
           "names another.\n.TP\n\\fI/usr/share/doc/slidedb/README.md\\fR\nThe board formats, the schema and "
           "the reports in full.\n";
    out << ".SH EXAMPLES\n.nf\nslidedb import boards/ screenshots/ \\-\\-db puzzles.db\n"
           "slidedb report hardest \\-\\-top 10\nslidedb report all \\-\\-out report.html\n"
           "slidedb query \"SELECT moves, COUNT(*) FROM solutions GROUP BY moves\"\n"
           "slidedb export \\-\\-family unblock \\-\\-sort moves \\-\\-count 100 \\-o hardest.txt\n"
           "slidedb solve board.txt\n.fi\n";
    out << ".SH SEE ALSO\n\\fBsqlite3\\fR(1)\n";
}

void write_bash_completion(const CLI::App& app, std::ostream& out) {
    std::string commands;
    for (const CLI::App* c : commands_of(app)) commands += (commands.empty() ? "" : " ") + c->get_name();
    std::string top = commands;
    for (const CLI::Option* o : options_of(app)) top += " " + longest(*o);
    top += " --help";

    out << "# bash completion for slidedb, written from its command line's definitions.\n"
           "_slidedb() {\n"
           "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" command=\"\" i\n"
           "    for ((i = 1; i < COMP_CWORD; i++)); do\n"
           "        case \"${COMP_WORDS[i]}\" in -*) ;; *) command=\"${COMP_WORDS[i]}\"; break ;; esac\n"
           "    done\n"
           "    COMPREPLY=()\n"
           "    if [ -z \"$command\" ]; then\n"
           "        COMPREPLY=($(compgen -W \""
        << top
        << "\" -- \"$cur\"))\n"
           "        return\n"
           "    fi\n"
           "    case \"$command\" in\n";
    for (const CLI::App* c : commands_of(app)) {
        std::string words = "--help";
        std::string positional_values;
        bool positional_path = false;
        out << "    " << c->get_name() << ")\n        case \"$prev\" in\n";
        for (const CLI::Option* o : options_of(*c)) {
            if (o->get_positional()) {
                for (const std::string& v : allowed_values(*o)) positional_values += (positional_values.empty() ? "" : " ") + v;
                positional_path = positional_path || takes_path(*o) || allowed_values(*o).empty();
                continue;
            }
            std::string names;
            for (const std::string& n : o->get_snames()) names += (names.empty() ? "-" : "|-") + n, words += " -" + n;
            for (const std::string& n : o->get_lnames()) names += (names.empty() ? "--" : "|--") + n, words += " --" + n;
            if (is_flag(*o)) continue;
            const std::vector<std::string> values = allowed_values(*o);
            std::string joined;
            for (const std::string& v : values) joined += (joined.empty() ? "" : " ") + v;
            if (!values.empty())
                out << "            " << names << ") COMPREPLY=($(compgen -W \"" << joined << "\" -- \"$cur\")); return ;;\n";
            else if (takes_path(*o))
                out << "            " << names << ") COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n";
            else
                out << "            " << names << ") return ;;\n";
        }
        out << "        esac\n"
               "        if [[ \"$cur\" == -* ]]; then\n"
               "            COMPREPLY=($(compgen -W \""
            << words << "\" -- \"$cur\"))\n";
        if (!positional_values.empty())
            out << "        else\n            COMPREPLY=($(compgen -W \"" << positional_values << "\" -- \"$cur\"))\n";
        else if (positional_path)
            out << "        else\n            COMPREPLY=($(compgen -f -- \"$cur\"))\n";
        out << "        fi\n        ;;\n";
    }
    out << "    esac\n}\ncomplete -o filenames -F _slidedb slidedb\n";
}

}  // namespace slidedb::cli
