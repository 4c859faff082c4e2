# Sourced by fuzz.sh and sanitize.sh: configures the clang ASan + UBSan +
# libFuzzer build in $build (ccache when the machine has it).
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer -g -O1"
cmake -S "$root" -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++-16 \
      "-DCMAKE_CXX_FLAGS=$flags" -DSLIDEDB_FUZZ=ON "${launcher[@]}" >/dev/null
