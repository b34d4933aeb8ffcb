#!/bin/busybox sh
# The initramfs's /init (tests/vm/run.sh packs it): loads the modules the guest needs, mounts
# the host's files read-only over 9p, lays a root out on a tmpfs (pivot_root refuses an
# initramfs root, and the box pivots), and switches to it to run tests/vm/guest.sh.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t devtmpfs dev /dev
# OOM kills and the like must not interleave with the tests' output on the console.
dmesg -n 1
for module in $(cat /modules/order); do insmod "/modules/$module.ko" || echo "vm: insmod $module failed"; done
mkdir -p /host /newroot
mount -t 9p -o trans=virtio,version=9p2000.L,ro,cache=loose,msize=262144 host /host || { echo "vm: no 9p share"; poweroff -f; }
repo=$(cat /repo)
mount -t tmpfs -o mode=755 root /newroot
cd /newroot
top=$(echo "$repo" | cut -d/ -f2)
mkdir -p usr etc proc sys dev tmp run root "$top" .upper .work
for dir in usr etc; do mount --bind "/host/$dir" "$dir"; done
# /usr/local writable over a tmpfs: the box tests install the reference solver where a TA
# does (/usr/local/bin/minimax) to prove runs cannot reach it.
mkdir -p .upper-local .work-local
mount -t overlay overlay -o "lowerdir=/host/usr/local,upperdir=/newroot/.upper-local,workdir=/newroot/.work-local" usr/local \
    || { echo "vm: no overlay for /usr/local"; poweroff -f; }
for link in bin sbin lib lib64; do ln -s "usr/$link" "$link"; done
# The checkout's top folder, writable over a tmpfs: the tests write in target/tmp, and the
# binaries' snapshots go where the tests look for them. (No mount of the guest names the
# checkout: the tests count mounts naming minimax as a grading's leftovers.)
mount -t overlay overlay -o "lowerdir=/host/$top,upperdir=/newroot/.upper,workdir=/newroot/.work" "$top" \
    || { echo "vm: no overlay"; poweroff -f; }
while read -r snapshot path; do cp "/host/$snapshot" ".$path"; done </binds
cp /bin/busybox /vm.env /newroot/
cd /
exec switch_root /newroot /bin/sh "$repo/tests/vm/guest.sh"
