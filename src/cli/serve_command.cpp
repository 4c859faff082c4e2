// slidedb serve : the database as a local web app (src/serve/).
#include <pthread.h>
#include <signal.h>

#include <cstdio>
#include <cstdlib>
#include <thread>

#include <fmt/format.h>

#include "cli/command.h"
#include "cli/memory_option.h"
#include "cli/seconds_option.h"
#include "cli/small_file.h"
#include "serve/server.h"

namespace slidedb::cli {

namespace {

struct ServeArgs {
    serve::Options options;
    std::vector<std::string> sql_files;
    double image_mb = 10, text_mb = 1, held_mb = 256, free_mb = 1024, result_mb = 32, sql_memory_mb = 1024;
};

int run_serve(ServeArgs& a) {
    serve::Options o = a.options;
    o.limits.image_bytes = static_cast<std::size_t>(a.image_mb * (1 << 20));
    o.limits.text_bytes = static_cast<std::size_t>(a.text_mb * (1 << 20));
    o.limits.held_bytes = static_cast<std::size_t>(a.held_mb * (1 << 20));
    o.limits.min_free_bytes = static_cast<std::uint64_t>(a.free_mb * (1 << 20));
    o.limits.result_bytes = static_cast<std::size_t>(a.result_mb * (1 << 20));
    o.limits.sql_memory = static_cast<std::uint64_t>(a.sql_memory_mb * (1 << 20));
    if (o.limits.solve_memory == 0) o.limits.solve_memory = default_max_memory(o.jobs);
    for (const std::string& path : a.sql_files) {
        std::string text;
        try {
            text = read_small_file(path, kMaxReportFileBytes);
        } catch (const std::runtime_error& e) {
            std::fputs(fmt::format("slidedb: {}\n", e.what()).c_str(), stderr);
            return 2;
        }
        std::string name = path.substr(path.find_last_of('/') + 1);
        if (name.ends_with(".sql")) name.resize(name.size() - 4);
        o.user_reports.emplace_back(name, std::move(text));
    }
    // Ctrl-C and SIGTERM go to one watcher thread, which stops the server;
    // the threads answering requests never see them.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

    serve::Server server(o);
    try {
        server.bind();
    } catch (const serve::BindError& e) {
        std::fputs(fmt::format("slidedb: {}\n", e.what()).c_str(), stderr);
        return 2;
    }
    if (!serve::is_loopback(o.bind))
        std::fputs(fmt::format("slidedb: warning: serving on {}: anyone who can reach this address on the network "
                               "can use it{}; it answers only to the names 127.0.0.1, localhost, {} and those given "
                               "with --allow-host\n",
                               o.bind, o.read_only ? "" : ", and save boards into the database", o.bind)
                       .c_str(),
                   stderr);
    std::fputs(fmt::format("Serving {} at {} (Ctrl-C stops)\n", o.db, server.address()).c_str(), stdout);
    std::fflush(stdout);
    int caught = 0;
    std::thread watcher([&] {
        sigwait(&stop_signals, &caught);
        server.stop();
    });
    const bool closed = server.run();
    if (!caught) pthread_kill(watcher.native_handle(), SIGTERM);  // run() ended on its own
    watcher.join();
    std::fputs("slidedb: server stopped\n", stderr);
    if (!closed) {
        // Searches and open connections are abandoned: what they would
        // write is in a transaction SQLite rolls back, and nothing else
        // is written outside the database.
        std::fflush(nullptr);
        std::_Exit(0);
    }
    return 0;
}

}  // namespace

void add_serve(CLI::App& app, Run& chosen) {
    add_command<ServeArgs>(
        app, chosen, "serve", "Browse, play, edit and ask the database in a web browser (a local HTTP server)",
        [](CLI::App& sub, ServeArgs& a) {
            serve::Options& o = a.options;
            sub.add_option("--db", o.db, "Database file")->capture_default_str();
            sub.add_option("--port", o.port, "Port (0: any free port)")->capture_default_str()->check(CLI::Range(0, 65535));
            sub.add_option("--bind", o.bind,
                           "Address to listen on; other than 127.0.0.1, anyone on that network can use the server")
                ->capture_default_str();
            sub.add_option("--allow-host", o.allow_hosts,
                           "A host name the server answers to besides 127.0.0.1, localhost and --bind (any other "
                           "Host header gets 421)");
            sub.add_flag("--read-only", o.read_only, "Turn Save off: nothing is written, anywhere");
            sub.add_option("--jobs", o.jobs, "Searches at once, and statements (SQL box, reports) at once; past them one is refused with 503 at once")
                ->capture_default_str()
                ->check(CLI::Range(1, 256));
            sub.add_option("--sql", a.sql_files, "A report of your own (a .sql file), offered in the menu");
            sub.add_option("--solve-seconds", o.limits.solve_seconds,
                           "Time one search may take (a Save's boards share it)")
                ->capture_default_str()
                ->check(seconds_check(false));
            sub.add_option("--max-states", o.limits.solve_states, "Boards one search may keep")->capture_default_str();
            add_max_memory(sub, o.limits.solve_memory);
            o.limits.solve_memory = 0;  // the default follows --jobs
            sub.add_option("--sql-seconds", o.limits.sql_seconds, "Time one statement of the SQL box may take")
                ->capture_default_str()
                ->check(seconds_check(false));
            sub.add_option("--sql-count-seconds", o.limits.sql_count_seconds,
                           "Time a page of the SQL box may spend counting the rows past it, to tell whether its "
                           "download would pass the rows one may hold (not counted through: download offered)")
                ->capture_default_str()
                ->check(seconds_check(true));
            sub.add_option("--max-result-mb", a.result_mb,
                           "Largest SQL result page or download, and any one value a statement makes, in MiB")
                ->capture_default_str()
                ->check(CLI::Range(0.001, 1024.0));
            sub.add_option("--sql-memory-mb", a.sql_memory_mb,
                           "Memory SQLite may hold in the server, every statement together, in MiB")
                ->capture_default_str()
                ->check(CLI::Range(16.0, 1048576.0));
            sub.add_option("--max-image-mb", a.image_mb, "Largest screenshot upload, in MiB")
                ->capture_default_str()
                ->check(CLI::Range(0.001, 1024.0));
            sub.add_option("--max-text-mb", a.text_mb, "Largest board text or other body, in MiB")
                ->capture_default_str()
                ->check(CLI::Range(0.001, 1024.0));
            sub.add_option("--max-save-puzzles", o.limits.save_puzzles, "Puzzles one Save may store; a larger file is for import")
                ->capture_default_str()
                ->check(CLI::Range(1, 1'000'000));
            sub.add_option("--min-free-mb", a.free_mb,
                           "Free space Save leaves on the database's disk, in MiB; with less, Save gets 507 (0: no check)")
                ->capture_default_str()
                ->check(CLI::Range(0.0, 1e9));
            sub.add_option("--max-held-mb", a.held_mb,
                           "Request and answer bodies held at once, each past its first 64 KiB, in MiB; past it an "
                           "upload or a download gets 503")
                ->capture_default_str()
                ->check(CLI::Range(1.0, 65536.0));
            sub.add_option("--held-idle-seconds", o.limits.held_idle_seconds,
                           "With --max-held-mb spent, an upload or a download whose client has sent or read nothing "
                           "for this long is let go for a new one")
                ->capture_default_str()
                ->check(CLI::Range(0.01, 3600.0));
        },
        [](ServeArgs& a) { return run_serve(a); });
}

}  // namespace slidedb::cli
