#!/usr/bin/env bash
# `make test-docker`: Gradescope as it runs. An image laid out as Gradescope lays one out
# (/autograder/source holding target/autograder.zip unpacked, /autograder/run_autograder, the
# tool where gradescope/setup.sh installs it), one container per submission of a hostile class
# (class/ beside this script), graded twice: under Docker's default seccomp profile, and under
# no-landlock.json (a host whose kernel predates Landlock). Prints each profile's `auto` line and
# each submission's score; fails when an honest program loses a point, a hostile one earns
# one, the instructor's files or a forged grade reach results.json, or a grading is cut short.
#
# Uses the daemon that answers on DOCKER_HOST (or the default socket); without one it starts
# its own on a private socket under target/docker and stops that one, by its pid, at the end.
# MINIMAX_BIN names the binary to install in the image (default target/release/minimax).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work="$repo/target/docker"
binary="${MINIMAX_BIN:-$repo/target/release/minimax}"
zip="$repo/target/autograder.zip"
positions=12 # the sheet's 4 and SAMPLE=8 hidden ones (set below in the image's config.sh)
honest="honest-c honest-py"
hostile="forger solver-caller source-reader network-caller memory-hog fork-bomb"
started=$(date +%s)

for needed in "$binary" "$zip"; do
    [ -e "$needed" ] || { echo "test-docker: $needed is missing (make test-docker builds it)" >&2; exit 2; }
done
mkdir -p "$work"

# --- The daemon -----------------------------------------------------------------------------
daemon_pid=""
stop_daemon() {
    [ -n "$daemon_pid" ] || return 0
    kill -TERM "$daemon_pid" 2>/dev/null || true
    for _ in $(seq 100); do kill -0 "$daemon_pid" 2>/dev/null || break; sleep 0.2; done
    if kill -0 "$daemon_pid" 2>/dev/null; then kill -KILL "$daemon_pid" 2>/dev/null || true; fi
    daemon_pid=""
}
trap stop_daemon EXIT
trap 'exit 130' INT TERM

if ! docker version >/dev/null 2>&1; then
    dir="$work/daemon"
    mkdir -p "$dir/data" "$dir/exec"
    export DOCKER_HOST="unix://$dir/docker.sock"
    rm -f "$dir/docker.sock" "$dir/docker.pid"
    dockerd --iptables=false --ip6tables=false --bridge=none --storage-driver=vfs \
        --data-root "$dir/data" --exec-root "$dir/exec" -H "$DOCKER_HOST" \
        --pidfile "$dir/docker.pid" >"$dir/dockerd.log" 2>&1 &
    daemon_pid=$!
    for _ in $(seq 150); do docker version >/dev/null 2>&1 && break; sleep 0.2; done
    docker version >/dev/null 2>&1 || { echo "test-docker: dockerd did not start:" >&2; tail -20 "$dir/dockerd.log" >&2; exit 2; }
    echo "test-docker: started dockerd (pid $daemon_pid) on $DOCKER_HOST"
fi

# --- The image --------------------------------------------------------------------------------
# Copies a program and the libraries ldd names into the root folder.
copy_program() {
    local program=$1 to=$2
    install -D -m 755 "$program" "$root$to"
    local lib
    for lib in $(ldd "$program" 2>/dev/null | grep -o '/[^ ]*' || true); do
        [ -e "$root$lib" ] || install -D -m 755 "$(readlink -f "$lib")" "$root$lib"
    done
}

# Lays out the root folder as Gradescope's image has it after setup.sh.
lay_out_root() {
    rm -rf "$root" && mkdir -p "$root"/{bin,etc,tmp,proc,sys,dev,root,srv/oracle,autograder/source,autograder/results}
    chmod 1777 "$root/tmp" && chmod 700 "$root/root"
    install -m 755 "$(command -v busybox)" "$root/bin/busybox"
    for applet in $(busybox --list); do [ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"; done
    mkdir -p "$root/usr/bin" && ln -s ../../bin/busybox "$root/usr/bin/env"
    copy_program "$(command -v bash)" /bin/bash
    # Debian's python3 (not whatever python3 comes first on this PATH).
    copy_program "$(readlink -f /usr/bin/python3)" /usr/bin/python3
    local stdlib
    stdlib=$(/usr/bin/python3 -c 'import sysconfig; print(sysconfig.get_paths()["stdlib"])')
    mkdir -p "$root$stdlib"
    tar -C "$stdlib" --exclude=test --exclude=idlelib --exclude=tkinter --exclude=ensurepip \
        --exclude=lib2to3 --exclude=pydoc_data --exclude=turtledemo --exclude=__pycache__ \
        --exclude='config-*' --exclude=site-packages --exclude=dist-packages -c . | tar -C "$root$stdlib" -x
    for module in "$root$stdlib"/lib-dynload/*.so; do copy_program "${module#"$root"}" "${module#"$root"}"; done
    printf 'root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/bin/false\n' >"$root/etc/passwd"
    printf 'root:x:0:\nnogroup:x:65534:\n' >"$root/etc/group"

    # Gradescope unpacks the zip into /autograder/source, world-readable, and copies
    # run_autograder beside it.
    python3 -m zipfile -e "$zip" "$root/autograder/source"
    chmod -R a+rX "$root/autograder/source"
    install -m 755 "$root/autograder/source/run_autograder" "$root/autograder/run_autograder"
    # The instructor's set-up for this test: programs found by their main file, 8 hidden
    # positions, and a solution file an instructor might keep in the source.
    sed -i 's/^RUN_COMMAND=.*/RUN_COMMAND=""/; s/^SAMPLE=.*/SAMPLE=8/; s/^MEMORY=.*/MEMORY=256/' \
        "$root/autograder/source/gradescope/config.sh"
    mkdir -p "$root/autograder/source/solution"
    printf 'INSTRUCTOR-ONLY solution: estado1 X 2 3, estado2 O 2 2\n' >"$root/autograder/source/solution/answers.txt"
    chmod -R a+rX "$root/autograder/source/solution"
    # What setup.sh leaves: the tool in /autograder/bin (0700), and the build's own copy.
    grep -q 'install -m 700 target/release/minimax /autograder/bin/minimax' "$root/autograder/source/gradescope/setup.sh" \
        || { echo "test-docker: setup.sh no longer installs /autograder/bin/minimax: update run.sh" >&2; exit 2; }
    copy_program "$binary" /autograder/bin/minimax
    chmod 700 "$root/autograder/bin" "$root/autograder/bin/minimax"
    install -D -m 755 "$binary" "$root/autograder/source/target/release/minimax"
    chmod -R go-rwx "$root/autograder/source/target"
    # The solver service (an online solver's stand-in), out of the runs' reach.
    install -m 700 "$work/solver" "$root/srv/oracle/solver"
    install -m 600 "$here/oracle.py" "$root/srv/oracle/oracle.py"
    chmod 700 "$root/srv/oracle"
}

gcc -O2 -static -o "$work/solver" "$here/solver.c"
inputs=$( (sha256sum "$binary" "$zip" "$work/solver" "$here/run.sh" "$here/oracle.py" "$here/minimax.py"; busybox --help 2>&1 | sed -n 1p) | sha256sum | cut -c1-12)
image="minimax-gradescope:$inputs"
if ! docker image inspect "$image" >/dev/null 2>&1; then
    root="$work/root"
    lay_out_root
    tar -C "$root" -c . | docker import - "$image" >/dev/null
    # Older images of this test are of no further use.
    docker images -q minimax-gradescope | sort -u | while read -r id; do
        [ "$id" = "$(docker images -q "$image")" ] || docker rmi -f "$id" >/dev/null 2>&1 || true
    done
    echo "test-docker: image $image built ($(du -sh "$root" | cut -f1))"
fi

# --- The class ----------------------------------------------------------------------------------
class="$work/class"
rm -rf "$class" && cp -r "$here/class" "$class"
cp "$work/solver" "$class/honest-c/solver"
cp "$work/solver" "$class/fork-bomb/solver"
cp "$here/minimax.py" "$class/honest-py/main.py" && rm "$class/honest-py/README"
cp "$here/minimax.py" "$class/memory-hog/minimax.py"
chmod -R a+rX "$class"

# --- Grading ------------------------------------------------------------------------------------
# One container per submission, as Gradescope runs one: the solver service starts first, then
# run_autograder; results.json is read two seconds after it returns (a process a submission
# left behind has had time to rewrite it).
grade() {
    local name=$1; shift
    timeout 600 docker run --rm --network none --memory 3g --memory-swap 3g --pids-limit 4096 "$@" \
        -v "$class/$name:/autograder/submission:ro" "$image" /bin/sh -c '
            python3 /srv/oracle/oracle.py 2>/dev/null &
            sleep 1
            /autograder/run_autograder >/root/log 2>&1
            sleep 2
            cat /root/log
            echo "@@results@@"
            cat /autograder/results/results.json'
}

# Judges one container's output (judge.py): prints its score line and its `auto` line.
judge() {
    python3 "$here/judge.py" "$1" "$2" "$positions"
}

failures=0
for profile in default no-landlock; do
    options=()
    [ "$profile" = default ] || options=(--security-opt "seccomp=$here/$profile.json")
    echo "profile $profile:"
    autos=""
    for name in $honest $hostile; do
        kind=hostile
        case " $honest " in *" $name "*) kind=honest ;; esac
        output=$(grade "$name" "${options[@]}" 2>&1) || true
        judged=$(judge "$name" "$kind" <<<"$output") || failures=$((failures + 1))
        grep -v '^AUTO ' <<<"$judged" || true
        autos+=$(grep '^AUTO ' <<<"$judged" | cut -c6-)$'\n'
    done
    sort -u <<<"$autos" | sed '/^$/d; s/^/  auto: /'
done
stop_daemon
seconds=$(($(date +%s) - started))
total=$((2 * $(wc -w <<<"$honest $hostile")))
echo "test-docker: $total containers in ${seconds} s"
echo "test-docker: $((total - failures)) passed, $failures failed"
[ "$failures" -eq 0 ]
