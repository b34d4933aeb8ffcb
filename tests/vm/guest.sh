#!/bin/sh
# Inside the VM (Debian 12's kernel, cgroup v2 only), as root: the box tests and a grading of
# the sheet, first from the root cgroup, then from a delegated subtree (as systemd's
# Delegate=yes hands one to a service: the controllers enabled for it, the grader in a leaf
# of it). Ends with `vm: N passed, M failed` and powers off.
repo=$(cd "$(dirname "$0")/../.." && pwd)
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin HOME=/root TMPDIR=/tmp
mount -t proc proc /proc
mount -t sysfs sys /sys
mount -t devtmpfs dev /dev
mkdir -p /dev/pts /dev/shm && mount -t devpts devpts /dev/pts && mount -t tmpfs shm /dev/shm
# /tmp is a folder of the root tmpfs (init.sh): a tmpfs mounted over it would hide a checkout
# under /tmp, which init.sh mounts at its top folder.
chmod 1777 /tmp
mount -t cgroup2 cgroup2 /sys/fs/cgroup
ip link set lo up 2>/dev/null || /busybox ip link set lo up
echo "+cpu +memory +pids" > /sys/fs/cgroup/cgroup.subtree_control
cd "$repo" || exit 1
. /vm.env
# The tests' time limits are in this machine's CPU seconds (the box judges CPU time). The
# guest's are worth less: emulation, and the host's other work, which the guest's clock counts
# as its own CPU time. So they are scaled by 1.5 times the measured ratio (at least 10), unless
# MINIMAX_TEST_SLOWDOWN was given.
guest_cpu=$(bash tests/vm/calibrate.sh)
ratio=$(awk -v g="$guest_cpu" -v h="$HOST_CPU" 'BEGIN {printf "%.1f", g / h}')
[ -n "$MINIMAX_TEST_SLOWDOWN" ] || MINIMAX_TEST_SLOWDOWN=$(awk -v r="$ratio" 'BEGIN {s = int(1.5 * r + 0.999); print (s < 10 ? 10 : s)}')
echo "vm: the same work costs ${guest_cpu} s of CPU here and ${HOST_CPU} s on the host (${ratio}x): time limits x${MINIMAX_TEST_SLOWDOWN}"
export MINIMAX_TEST_SLOWDOWN
# Under CI a test that would skip a wall fails, unless MINIMAX_TEST_ABSENT names it.
[ -z "$CI" ] || export CI MINIMAX_TEST_ABSENT
passed=0 failed=0

echo "vm: $(uname -sr), $(grep -c . /proc/cpuinfo >/dev/null; nproc) processors, $(awk '/MemTotal/ {print int($2/1024)}' /proc/meminfo) MiB, cgroup $(stat -fc %T /sys/fs/cgroup), controllers: $(cat /sys/fs/cgroup/cgroup.subtree_control)"

# A step: its name, then the command; counted, timed, its output shown.
step() {
    name=$1; shift
    start=$(date +%s)
    if "$@"; then passed=$((passed + 1)); verdict=ok; else failed=$((failed + 1)); verdict=FAILED; fi
    echo "vm: $name: $verdict ($(( $(date +%s) - start )) s)"
}

# The box tests matching one filter (a test or a module), skipping SKIPPED by name; a filter
# that matches no test fails (a renamed test must not pass here unseen).
box_tests() {
    skips=
    for test in $SKIPPED; do skips="$skips --skip $test"; done
    # Shown as it runs (a module takes minutes), and kept to look for "running 0 tests".
    { "$TESTS" --test-threads 1 "$1" $skips; echo $? >/tmp/box-tests.status; } 2>&1 | tee /tmp/box-tests.out
    status=$(cat /tmp/box-tests.status)
    ! grep -q '^running 0 tests' /tmp/box-tests.out || { echo "vm: no test matches $1"; return 1; }
    return $status
}

# Each filter a step of its own, with its time.
box_steps() { # WHERE FILTERS
    where=$1; shift
    for filter in "$@"; do step "$filter, $where" box_tests "$filter"; done
}

# What a run's cgroup holds while the sheet is graded (once one appears): the v2 files the box
# writes (memory.max, pids.max, the pool's cpu.weight) and reads (memory.events, cpu.stat).
watch_cgroups() {
    for _ in $(seq 600); do
        run=$(find /sys/fs/cgroup -path '*minimax-*' -name memory.events 2>/dev/null | awk -F/ '{print NF, $0}' | sort -n | tail -1 | cut -d' ' -f2)
        run=${run%/memory.events}
        if [ -n "$run" ] && [ "$(cat "$run/memory.max" 2>/dev/null)" != max ]; then
            echo "vm: a run's cgroup, $run: memory.max $(cat "$run/memory.max"), pids.max $(cat "$run/pids.max"), cpu.weight of its pool $(cat "${run%/*}/cpu.weight" 2>/dev/null)," \
                "memory.events {$(tr '\n' ' ' <"$run/memory.events")}, cpu.stat {$(head -1 "$run/cpu.stat")}"
            return
        fi
        sleep 0.1
    done
    echo "vm: no run's cgroup seen during the grading"
}

# The sample class on the sheet, as on the host; the report must match the host's.
sheet() {
    wrapper=$1
    dir=$(mktemp -d) && chmod 755 "$dir" && cp tests/class/minimax.awk "$dir/"
    watcher=
    [ -n "$wrapper" ] || { watch_cgroups & watcher=$!; }
    $wrapper "$MINIMAX" grade --submissions tests/class --run "MINIMAX_AWK=$dir/minimax.awk TOKEN=-vm-sheet sh main.sh" \
        --allow "$dir/minimax.awk" --timeout "$((SHEET_TIMEOUT * 4))" --jobs 2 $SHEET >"$dir/report" 2>"$dir/errors"
    status=$?
    [ -z "$watcher" ] || { kill "$watcher" 2>/dev/null; wait "$watcher"; }
    cat "$dir/report"
    echo "vm: the layers auto found on the host ($(tail -1 "$HOST_SANDBOX")): $(grep '^sandbox' "$HOST_SANDBOX")"
    echo "vm: the layers auto found here ($(stat -fc %T /sys/fs/cgroup) $(uname -r)${wrapper:+, Docker's seccomp}): $(grep '^sandbox' "$dir/report")"
    grep -i 'missing\|without' "$dir/errors" | sed 's/^/vm: the grader says: /'
    # Everything but the sandbox line and the seconds (emulation is slower) as on the host.
    # The time limit is 4 times the host's: the one who sleeps costs 3 times it on the clock.
    # Without a cgroup (Docker's mode) the clock judges the time, and the timeouts say so.
    normal() { grep -v '^sandbox' "$1" | sed -E 's/[0-9]+(\.[0-9]+)? s\b/N s/g; s/(no answer within N s).*/\1/'; }
    normal "$dir/report" >"$dir/guest" && normal "$EXPECTED_SHEET" >"$dir/host"
    diff "$dir/guest" "$dir/host" >"$dir/diff"
    same=$?
    [ "$same" = 0 ] || { echo "vm: the report differs from the host's:"; cat "$dir/diff" "$dir/errors"; }
    rm -rf "$dir"
    [ "$status" -le 1 ] && [ "$same" = 0 ]
}

# Nothing of a grading may stay under /sys/fs/cgroup.
no_cgroups_left() {
    left=$(find /sys/fs/cgroup -mindepth 1 -type d -name 'minimax-*')
    [ -z "$left" ] || { echo "vm: cgroups left behind: $left"; return 1; }
}

for test in $SKIPPED; do echo "vm: skipped $test: $SKIP_REASON"; done
box_steps "from the root cgroup" $TEST_FILTERS
step "no cgroup left" no_cgroups_left

# A delegated subtree: the service's cgroup with the controllers enabled for its children,
# the grader in a leaf of it.
service=/sys/fs/cgroup/grading.service
mkdir -p "$service/main"
echo $$ > "$service/main/cgroup.procs"
echo "+cpu +memory +pids" > "$service/cgroup.subtree_control"
box_steps "from a delegated subtree" $DELEGATED_FILTERS
step "the sheet graded from a delegated subtree" sheet
step "no cgroup left" no_cgroups_left

# Gradescope's mode: the calls Docker's default profile refuses a container are refused,
# /sys/fs/cgroup is read-only (tests/vm/dockerlike.c). The namespaces, mounts and cgroups are
# missing; auto must say so, and the grading must be the same.
step "the sheet graded under Docker's seccomp profile" sheet "$DOCKERLIKE"

echo "vm: $passed passed, $failed failed"
sync
poweroff -f
