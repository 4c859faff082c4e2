#!/usr/bin/env bash
# Runs `slidedb import` on a Slurm cluster: the files split into shards that
# run as one job array, then the merge as a job that starts once every shard
# has run to its end.
#
#   scripts/import-slurm.sh --shards 100 --out /shared/shots-db [--slidedb /shared/bin/slidedb] \
#       [--cpus 8] [--time 02:00:00] [--partition P] [--import-option OPT]... \
#       PATH... [-- more sbatch options]
#
# Every node must see PATH and --out (a shared filesystem): task K reads the
# K-th of N parts of the files under PATH (`import --shard K/N`: the same
# sorted list splits alike on every node, so nothing is read twice and
# nothing is left out) into OUT/part-K.db with its log in OUT/logs/part-K.log;
# the merge writes OUT/all.db. A task whose files had errors still succeeds
# (they are rows of its database); one that stopped (killed, usage error)
# fails and holds the merge back: submit the same command again, and the
# shards that finished add nothing. Prints the array's job id and the merge's.
set -euo pipefail

shards="" out="" slidedb="" cpus=2 time_limit="" partition=""
paths=() options=() extra=()
while (($#)); do
    case "$1" in
        --shards) shards="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --slidedb) slidedb="$2"; shift 2 ;;
        --cpus) cpus="$2"; shift 2 ;;
        --time) time_limit="$2"; shift 2 ;;
        --partition) partition="$2"; shift 2 ;;
        --import-option) options+=("$2"); shift 2 ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
        -*) echo "import-slurm: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) paths+=("$1"); shift ;;
    esac
done
if [ -z "$shards" ] || [ -z "$out" ] || ((${#paths[@]} == 0)); then
    echo "import-slurm: --shards, --out and at least one PATH are required (see --help)" >&2
    exit 2
fi
[[ "$shards" =~ ^[1-9][0-9]*$ ]] || { echo "import-slurm: --shards must be a whole number >= 1, got $shards" >&2; exit 2; }
if [ -z "$slidedb" ]; then
    slidedb="$(command -v slidedb || true)"
    [ -n "$slidedb" ] || slidedb="$(cd "$(dirname "$0")/.." && pwd)/build/slidedb"
fi
[ -x "$slidedb" ] || { echo "import-slurm: no slidedb binary at $slidedb (use --slidedb)" >&2; exit 2; }
command -v sbatch >/dev/null || { echo "import-slurm: sbatch not found: is this a Slurm login node?" >&2; exit 2; }
mkdir -p "$out/logs"
out="$(cd "$out" && pwd)"
slidedb="$(cd "$(dirname "$slidedb")" && pwd)/$(basename "$slidedb")"

# The tasks run in OUT: every path is made absolute here, as the user meant it.
quoted=""
for p in "${paths[@]}"; do
    [ -e "$p" ] || { echo "import-slurm: $p: no such file or folder" >&2; exit 2; }
    quoted+=" $(printf '%q' "$(cd "$(dirname "$p")" && pwd)/$(basename "$p")")"
done
for o in "${options[@]}"; do quoted+=" $(printf '%q' "$o")"; done

common=(--parsable --chdir="$out")
[ -n "$time_limit" ] && common+=(--time="$time_limit")
[ -n "$partition" ] && common+=(--partition="$partition")

# Exit 1 means the run ended with some inputs stored as errors: the task
# succeeded. Anything else (2: usage, or a signal) fails it.
array=$(sbatch "${common[@]}" "${extra[@]}" --job-name="slidedb-import" \
    --array="1-${shards}" --cpus-per-task="$cpus" --output="$out/logs/part-%a.log" \
    --wrap="'$slidedb' import$quoted -q --shard \${SLURM_ARRAY_TASK_ID}/$shards \
--jobs \${SLURM_CPUS_PER_TASK:-$cpus} --db '$out'/part-\${SLURM_ARRAY_TASK_ID}.db; rc=\$?; [ \$rc -le 1 ]")
array="${array%%;*}"

part_dbs=""
for ((k = 1; k <= shards; k++)); do part_dbs+=" '$out/part-$k.db'"; done
merge=$(sbatch "${common[@]}" "${extra[@]}" --job-name="slidedb-import-merge" \
    --dependency="afterok:${array}" --cpus-per-task=1 --output="$out/logs/merge.log" \
    --wrap="exec '$slidedb' merge$part_dbs --db '$out/all.db'")
merge="${merge%%;*}"
echo "array $array"
echo "merge $merge"
