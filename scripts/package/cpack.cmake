# The Debian package: `cpack -G DEB` in the build folder (scripts/package.sh
# does it). Its Depends come from dpkg-shlibdeps, which reads the libraries
# the binary links and names the run-time packages apt provides for them
# (libtbb12, libsqlite3-0, libfmt9, ...), never -dev packages.
set(CPACK_PACKAGE_NAME slidedb)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "slidedb maintainers <slidedb@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "batch analyzer for sliding-block puzzles")
set(CPACK_PACKAGE_DESCRIPTION
    "slidedb imports board files and screenshots of sliding-block puzzles (Unblock Me / Rush Hour,\n\
pieces of any shape such as Klotski, sliding tiles), solves every puzzle optimally by\n\
breadth-first search, and stores boards, solutions and search statistics in SQLite for\n\
reports and queries.")
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)  # slidedb_VERSION_ARCH.deb
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "bash-completion, man-db")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "sqlite3, slurm-client")
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
