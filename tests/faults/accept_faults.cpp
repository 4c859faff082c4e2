// Preloaded into `slidedb serve` by a test (LD_PRELOAD): the first accepts
// fail, one for each error named in SLIDEDB_ACCEPT_FAULTS (a comma-separated
// list of errno names), leaving the connection queued; the rest go through.
// What a reset connection, a short moment without kernel memory or a full
// descriptor table gives a server.
#include <dlfcn.h>
#include <sys/socket.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <mutex>

namespace {

std::mutex lock;
int failed = 0;

int code_of(const char* name, size_t n) {
    static const struct {
        const char* name;
        int code;
    } known[] = {{"ECONNABORTED", ECONNABORTED}, {"EPROTO", EPROTO},   {"ENOBUFS", ENOBUFS}, {"ENOMEM", ENOMEM},
                 {"EMFILE", EMFILE},             {"ENFILE", ENFILE},   {"EPERM", EPERM},     {"EINTR", EINTR},
                 {"ENETDOWN", ENETDOWN},         {"EHOSTUNREACH", EHOSTUNREACH}};
    for (size_t i = 0; i < sizeof known / sizeof known[0]; ++i)
        if (strlen(known[i].name) == n && strncmp(known[i].name, name, n) == 0) return known[i].code;
    return EPROTO;
}

// The error the next accept gives, or 0 once every one named was given.
int next_fault() {
    const char* list = getenv("SLIDEDB_ACCEPT_FAULTS");
    if (!list) return 0;
    const std::lock_guard hold(lock);
    int index = failed, code = 0;
    for (const char* p = list; *p;) {
        const char* end = strchr(p, ',');
        const size_t n = end ? static_cast<size_t>(end - p) : strlen(p);
        if (index-- == 0) {
            code = code_of(p, n);
            ++failed;
            break;
        }
        p += n + (end ? 1 : 0);
    }
    return code;
}

}  // namespace

extern "C" int accept(int fd, struct sockaddr* addr, socklen_t* len) {
    const int code = next_fault();
    if (code) {
        errno = code;
        return -1;
    }
    auto* real = reinterpret_cast<int (*)(int, sockaddr*, socklen_t*)>(dlsym(RTLD_NEXT, "accept"));
    return real(fd, addr, len);
}

extern "C" int accept4(int fd, struct sockaddr* addr, socklen_t* len, int flags) {
    const int code = next_fault();
    if (code) {
        errno = code;
        return -1;
    }
    auto* real = reinterpret_cast<int (*)(int, sockaddr*, socklen_t*, int)>(dlsym(RTLD_NEXT, "accept4"));
    return real(fd, addr, len, flags);
}
