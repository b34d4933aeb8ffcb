#!/usr/bin/env bash
# `make test-vm`: the box on Debian 12's kernel with cgroup v2 only. Boots linux-image-amd64
# from Debian's registry (downloaded and unpacked once, under target/vm) in QEMU, emulated
# (`-accel tcg -cpu max`: nested KVM does not boot here), with an initramfs made here
# (busybox-static and the modules for 9p and overlayfs) that mounts this machine's files
# read-only over 9p, so that the guest runs the very binaries built here: box tests (of
# tests/cli boxes and safety, VM_SET below) from the root cgroup and from a delegated subtree,
# a grading of the sheet there, and the sheet under a Docker-like seccomp profile
# (tests/vm/guest.sh).
# Fails when any of that fails in the guest. Docker itself is not run in the VM: tests/docker's
# 16 containers take 4 minutes natively and the guest is 14 to 64 times slower (a dockerd from
# the host's binaries over 9p was not tried); tests/vm/dockerlike.c refuses what Docker's
# default profile refuses a container and makes /sys/fs/cgroup read-only instead.
# Environment: VM_SET (ci or all, below), MINIMAX_TEST_SLOWDOWN (else measured), VM_TESTS, VM_DELEGATED_TESTS, VM_SKIPPED,
# VM_WORK (default target/vm), VM_TIMEOUT (seconds, default 3000), CI and MINIMAX_TEST_ABSENT.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work="${VM_WORK:-$repo/target/vm}"
started=$(date +%s)
mkdir -p "$work"

# --- The kernel, once -----------------------------------------------------------------------
if ! ls "$work"/kernel/boot/vmlinuz-* >/dev/null 2>&1; then
    package=$(apt-cache depends linux-image-amd64 | awk '/Depends: linux-image-/ {print $2; exit}')
    [ -n "$package" ] || { echo "test-vm: apt-cache knows no linux-image-amd64 (apt-get update?)" >&2; exit 2; }
    rm -rf "$work/deb" "$work/kernel" && mkdir -p "$work/deb"
    (cd "$work/deb" && apt-get download -q "$package" 2>&1 | grep -v '^W: Download is performed unsandboxed' || true)
    dpkg-deb -x "$work"/deb/*.deb "$work/kernel"
fi
kernel=$(ls "$work"/kernel/boot/vmlinuz-* | head -1)
modules=$(ls -d "$work"/kernel/lib/modules/*/kernel)

# --- What the guest runs: the binaries of this checkout ---------------------------------------
cargo build --quiet
tests=$(cargo test --no-run --test cli --message-format=json 2>/dev/null \
    | python3 -c 'import json,sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "cli" and m.get("executable"):
        print(m["executable"])')
minimax="$repo/target/debug/minimax"
# Snapshots of both, copied over their paths in the guest: a build here while the guest runs
# (for minutes) changes nothing under it.
mkdir -p "$work/bin" && cp "$minimax" "$work/bin/minimax" && cp "$tests" "$work/bin/cli"
# Docker's default seccomp profile as a container sees it, without Docker (tests/vm/dockerlike.c).
[ "$work/bin/dockerlike" -nt "$here/dockerlike.c" ] || gcc -O2 -Wall -o "$work/bin/dockerlike" "$here/dockerlike.c"
# The CPU seconds of a fixed piece of work here; the guest scales the tests' time limits by
# how much longer the same work takes there.
host_cpu=$("$here/calibrate.sh")
sheet="fixtures/estado1.txt fixtures/estado3.txt"
sheet_timeout=5
# The report the guest must give: the same grading here (less its sandbox line).
# (Graded again only when the binary, the class or this script changed.)
if [ -z "$(find "$minimax" "$repo/tests/class" "$0" -newer "$work/sheet.expected" 2>/dev/null | head -1)" ] \
    && [ -s "$work/sheet.expected" ] && grep -qx "sheet: $sheet" "$work/sandbox.host" 2>/dev/null; then :; else
    awk_dir=$(mktemp -d) && chmod 755 "$awk_dir" && cp "$repo/tests/class/minimax.awk" "$awk_dir/"
    (cd "$repo" && "$minimax" grade --submissions tests/class --run "MINIMAX_AWK=$awk_dir/minimax.awk TOKEN=-vm-sheet sh main.sh" \
        --allow "$awk_dir/minimax.awk" --timeout "$sheet_timeout" --jobs 2 $sheet 2>/dev/null >"$work/sheet.expected") || true
    rm -rf "$awk_dir"
    { grep '^sandbox' "$work/sheet.expected" || echo "sandbox: (none printed)"; echo "sheet: $sheet"
      echo "$(stat -fc %T /sys/fs/cgroup) $(uname -r)"; } >"$work/sandbox.host"
fi

# The box's tests by module (tests/cli boxes and safety: memory, processes, CPU, classmates
# at once, the hostile class, strict, signals, and whatever walls are added there), from the
# root cgroup, and `boxes` again from a delegated subtree. Skipped here by name, with the
# reason printed in the guest: a JVM does not start within any time limit under emulation.
# VM_SET=ci (the default, what .ci/run runs): the walls a kernel without Landlock's scoping
# depends on the box for (the abstract-socket wall, the 32-bit keyring gate) from the root
# cgroup, and the box class's every attack (memory, processes, CPU, files) from a delegated
# subtree. VM_SET=all: every test of `boxes` and `safety` from the root cgroup and `boxes` again
# from the subtree (about 10 minutes here, 5 more than the CI set).
case "${VM_SET:-ci}" in
ci)
    root_tests="boxes::an_abstract_socket_between_classmates_at_once_is_walled_by_the_network_namespace_alone
        boxes::a_key_added_through_another_architectures_gate_is_refused_and_leaves_nothing"
    delegated_tests="boxes::every_attack_of_the_box_class_costs_only_its_own_verdict_and_leaves_nothing" ;;
all)
    root_tests="boxes:: safety::"
    delegated_tests="boxes::" ;;
*) echo "test-vm: VM_SET is ci or all, not '$VM_SET'" >&2; exit 2 ;;
esac
skipped="a_private_tmpdir_still_grades_a_java_class"
skip_reason="a JVM does not start within a time limit under emulation"

# --- The initramfs ----------------------------------------------------------------------------
initramfs="$work/initramfs"
rm -rf "$initramfs" && mkdir -p "$initramfs"/{bin,modules,proc,dev,sys}
install -m 755 "$(command -v busybox)" "$initramfs/bin/busybox"
ln -s busybox "$initramfs/bin/sh"
install -m 755 "$here/init.sh" "$initramfs/init"
order="virtio_ring virtio virtio_pci_modern_dev virtio_pci_legacy_dev virtio_pci netfs fscache 9pnet 9pnet_virtio 9p overlay"
for module in $order; do
    cp "$(find "$modules" -name "$module.ko" | head -1)" "$initramfs/modules/"
done
echo "$order" >"$initramfs/modules/order"
echo "$repo" >"$initramfs/repo"
printf '%s %s\n' "$work/bin/minimax" "$minimax" "$work/bin/cli" "$tests" >"$initramfs/binds"
cat >"$initramfs/vm.env" <<ENV
TESTS='$tests'
TEST_FILTERS='$(echo ${VM_TESTS:-$root_tests})'
DELEGATED_FILTERS='$(echo ${VM_DELEGATED_TESTS:-$delegated_tests})'
SKIPPED='${VM_SKIPPED:-$skipped}'
SKIP_REASON='$skip_reason'
CI='${CI:-}'
MINIMAX_TEST_ABSENT='${MINIMAX_TEST_ABSENT:-}'
MINIMAX_TEST_SLOWDOWN=${MINIMAX_TEST_SLOWDOWN:-}
HOST_SANDBOX='$work/sandbox.host'
HOST_CPU=$host_cpu
DOCKERLIKE='$work/bin/dockerlike'
MINIMAX='$minimax'
SHEET='$sheet'
SHEET_TIMEOUT=$sheet_timeout
EXPECTED_SHEET='$work/sheet.expected'
ENV
(cd "$initramfs" && find . | cpio -o -H newc --quiet) >"$work/initramfs.cpio"

# --- The boot ---------------------------------------------------------------------------------
echo "test-vm: booting $(basename "$kernel") (cgroup v2 only, emulated), the ${VM_SET:-ci} set"
log="$work/console.log"
# no_timer_check: an emulated CPU on a busy host can miss the kernel's IO-APIC timer check and
# panic at boot ("IO-APIC + timer doesn't work", seen at a load of 7); the check only guards
# against broken hardware timers, which QEMU's are not.
timeout --foreground "${VM_TIMEOUT:-3000}" qemu-system-x86_64 -accel tcg -cpu max -smp 2 -m 4096 \
    -nographic -no-reboot -nic none \
    -kernel "$kernel" -initrd "$work/initramfs.cpio" \
    -append "console=ttyS0 quiet loglevel=1 panic=-1 no_timer_check systemd.unified_cgroup_hierarchy=1 cgroup_no_v1=all" \
    -virtfs local,path=/,mount_tag=host,security_model=none,readonly=on </dev/null 2>&1 \
    | sed -u 's/\x1b[[][?0-9;]*[a-zA-Z]//g; s/\x1bc//g' \
    | sed -u 's/\r$//' | tee "$log"
echo "test-vm: $(($(date +%s) - started)) s in all"
summary=$(grep -a '^vm: [0-9]* passed, [0-9]* failed' "$log" | tail -1)
[ -n "$summary" ] || { echo "test-vm: the guest did not finish (see $log)" >&2; exit 1; }
echo "${summary#vm: }" | sed 's/^/test-vm: /'
[[ "$summary" == *", 0 failed" ]]
