#!/usr/bin/env bash
# Runs `slidedb enumerate` on a Slurm cluster: the shards as one job array,
# then the merge as a job that starts once every shard has succeeded.
#
#   scripts/enumerate-slurm.sh --size 6 --walls 0..2 --shards 100 --out /shared/enum6 \
#       [--slidedb /shared/bin/slidedb] [--cpus 8] [--time 02:00:00] [--partition P] \
#       [--warn 180] [--puzzle-clusters-only] [-- more sbatch options]
#
# --out must be a folder every node sees (shared filesystem): each task
# writes OUT/shard-K.db and OUT/logs/shard-K.log, the merge OUT/all.db. A
# shard that failed or was cut short is run again by submitting the same
# command (or `sbatch --array=K ...`): it skips the units it has already
# stored. --warn S (default 180): Slurm sends the task SIGTERM S seconds
# before its time limit, and slidedb stores the units under way and ends
# (exit 143) before the SIGKILL. Prints the array's job id and the merge's.
set -euo pipefail

size="" walls="0..0" shards="" out="" slidedb="" cpus=2 time_limit="" partition="" only="" warn=180
extra=()
while (($#)); do
    case "$1" in
        --size) size="$2"; shift 2 ;;
        --walls) walls="$2"; shift 2 ;;
        --shards) shards="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        --slidedb) slidedb="$2"; shift 2 ;;
        --cpus) cpus="$2"; shift 2 ;;
        --time) time_limit="$2"; shift 2 ;;
        --partition) partition="$2"; shift 2 ;;
        --warn) warn="$2"; shift 2 ;;
        --puzzle-clusters-only) only="--puzzle-clusters-only"; shift ;;
        --) shift; extra=("$@"); break ;;
        -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
        *) echo "enumerate-slurm: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
if [ -z "$size" ] || [ -z "$shards" ] || [ -z "$out" ]; then
    echo "enumerate-slurm: --size, --shards and --out are required (see --help)" >&2
    exit 2
fi
[[ "$warn" =~ ^[0-9]+$ ]] || { echo "enumerate-slurm: --warn takes whole seconds, got $warn" >&2; exit 2; }
if [ -z "$slidedb" ]; then
    slidedb="$(command -v slidedb || true)"
    [ -n "$slidedb" ] || slidedb="$(cd "$(dirname "$0")/.." && pwd)/build/slidedb"
fi
[ -x "$slidedb" ] || { echo "enumerate-slurm: no slidedb binary at $slidedb (use --slidedb)" >&2; exit 2; }
command -v sbatch >/dev/null || { echo "enumerate-slurm: sbatch not found: is this a Slurm login node?" >&2; exit 2; }
mkdir -p "$out/logs"
out="$(cd "$out" && pwd)"
slidedb="$(cd "$(dirname "$slidedb")" && pwd)/$(basename "$slidedb")"

common=(--parsable --chdir="$out")
[ -n "$time_limit" ] && common+=(--time="$time_limit")
[ -n "$partition" ] && common+=(--partition="$partition")

# Task K of the array is shard K/N; the task's own variables are read when it
# runs. The batch shell becomes slidedb (exec), so the early SIGTERM reaches it.
array=$(sbatch "${common[@]}" "${extra[@]}" --job-name="slidedb-enumerate-${size}x${size}" \
    --array="1-${shards}" --cpus-per-task="$cpus" --output="$out/logs/shard-%a.log" --open-mode=append \
    --signal="B:TERM@${warn}" \
    --wrap="exec '$slidedb' enumerate --size $size --walls $walls $only \
--shard \${SLURM_ARRAY_TASK_ID}/$shards --jobs \${SLURM_CPUS_PER_TASK:-$cpus} --db '$out'/shard-\${SLURM_ARRAY_TASK_ID}.db")
array="${array%%;*}"

shard_dbs=""
for ((k = 1; k <= shards; k++)); do shard_dbs+=" '$out/shard-$k.db'"; done
merge=$(sbatch "${common[@]}" "${extra[@]}" --job-name="slidedb-merge-${size}x${size}" \
    --dependency="afterok:${array}" --cpus-per-task=1 --output="$out/logs/merge.log" \
    --wrap="exec '$slidedb' merge$shard_dbs --db '$out/all.db'")
merge="${merge%%;*}"
echo "array $array"
echo "merge $merge"
