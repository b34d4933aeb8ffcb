//! The seccomp filter every run installs last: another architecture's gate, the keyrings and
//! io_uring refused, the calls that mount refused, and sockets of any family but the allowed.

use std::io;

/// The kernel's name for this machine's architecture in `seccomp_data.arch`: the filter
/// refuses any other (a 32-bit call, through `int 0x80`, numbers its system calls otherwise).
#[cfg(target_arch = "x86_64")]
const AUDIT_ARCH: u32 = 0xc000_003e;
#[cfg(target_arch = "aarch64")]
const AUDIT_ARCH: u32 = 0xc000_00b7;

/// The bit x32 calls set in their number (they share x86-64's architecture).
const X32_SYSCALL_BIT: u32 = 0x4000_0000;

/// One instruction of a classic BPF program.
const fn op(code: u16, jt: u8, jf: u8, k: u32) -> libc::sock_filter {
    libc::sock_filter { code, jt, jf, k }
}

// BPF_LD | BPF_W | BPF_ABS, BPF_JMP | BPF_JEQ | BPF_K, BPF_JMP | BPF_JGE | BPF_K, BPF_RET | BPF_K.
const LOAD: u16 = 0x20;
const JEQ: u16 = 0x15;
const JGE: u16 = 0x35;
const RET: u16 = 0x06;
/// Offsets in `seccomp_data`: the call's number, the architecture, the low half of the first
/// argument (little-endian).
const NR: u32 = 0;
const ARCH: u32 = 4;
const ARG0: u32 = 16;
const ALLOW: u32 = libc::SECCOMP_RET_ALLOW;
const REFUSE: u32 = libc::SECCOMP_RET_ERRNO | libc::ENOSYS as u32;
const NO_FAMILY: u32 = libc::SECCOMP_RET_ERRNO | libc::EAFNOSUPPORT as u32;
const NOT_PERMITTED: u32 = libc::SECCOMP_RET_ERRNO | libc::EPERM as u32;

/// The system calls a run may not make at all: the keyrings (keys outlive processes, so a run
/// could leave one for a later run under the same uid), as Docker's default profile refuses;
/// and io_uring, which makes sockets without `socket(2)`, past the families' check below.
const REFUSED_CALLS: [u32; 4] = [
    libc::SYS_add_key as u32,
    libc::SYS_request_key as u32,
    libc::SYS_keyctl as u32,
    libc::SYS_io_uring_setup as u32,
];

/// The calls that mount, refused with EPERM: in a user namespace of its own a run is root
/// there and could mount a tmpfs, writing past `--disk` (only the memory cgroup would count
/// it). The box is built before the filter is installed, so no run needs them.
const MOUNT_CALLS: [u32; 10] = [
    libc::SYS_mount as u32,
    libc::SYS_umount2 as u32,
    libc::SYS_pivot_root as u32,
    libc::SYS_fsopen as u32,
    libc::SYS_fsconfig as u32,
    libc::SYS_fsmount as u32,
    libc::SYS_fspick as u32,
    libc::SYS_move_mount as u32,
    libc::SYS_open_tree as u32,
    libc::SYS_mount_setattr as u32,
];

/// The socket families a run may open in a network namespace of its own (or allowed the
/// network): unix for local needs, the internet's. Every other (vsock reaches a virtual
/// machine's host past any namespace; packet, netlink, bluetooth, ...) is refused.
const NETWORK_FAMILIES: [u32; 3] = [libc::AF_UNIX as u32, libc::AF_INET as u32, libc::AF_INET6 as u32];
/// The families of a run that no network namespace walls in: unix alone.
const LOCAL_FAMILIES: [u32; 1] = [libc::AF_UNIX as u32];

/// A jump from the instruction at `at` to `target` (jumps count from the next instruction).
const fn to(target: usize, at: usize) -> u8 {
    (target - at - 1) as u8
}

/// The seccomp filter of every run. It answers ENOSYS to any call made through another
/// architecture's gate (i386's `int 0x80`, x32's numbers: another numbering, which the checks
/// below would misread; Docker's profile refuses them too) and to [`REFUSED_CALLS`], EPERM to
/// [`MOUNT_CALLS`], and EAFNOSUPPORT to `socket(2)` and `socketpair(2)` of any family but
/// `families`. Everything else is allowed.
const fn filter<const N: usize>(families: &[u32]) -> [libc::sock_filter; N] {
    // The last four instructions answer: no such family, allow, EPERM, ENOSYS; the families'
    // checks fall through to the first of them.
    let (no_family, allow, not_permitted, refuse) = (N - 4, N - 3, N - 2, N - 1);
    let mut program = [op(RET, 0, 0, ALLOW); N];
    program[no_family] = op(RET, 0, 0, NO_FAMILY);
    program[not_permitted] = op(RET, 0, 0, NOT_PERMITTED);
    program[refuse] = op(RET, 0, 0, REFUSE);
    program[0] = op(LOAD, 0, 0, ARCH);
    program[1] = op(JEQ, 1, 0, AUDIT_ARCH);
    program[2] = op(RET, 0, 0, REFUSE);
    program[3] = op(LOAD, 0, 0, NR);
    program[4] = op(JGE, to(refuse, 4), 0, X32_SYSCALL_BIT);
    let mut at = 5;
    let mut i = 0;
    while i < REFUSED_CALLS.len() {
        program[at] = op(JEQ, to(refuse, at), 0, REFUSED_CALLS[i]);
        at += 1;
        i += 1;
    }
    i = 0;
    while i < MOUNT_CALLS.len() {
        program[at] = op(JEQ, to(not_permitted, at), 0, MOUNT_CALLS[i]);
        at += 1;
        i += 1;
    }
    // socket(2) and socketpair(2) go on to the families' checks (3 and 2 ahead); any other
    // call is allowed.
    program[at] = op(JEQ, 2, 0, libc::SYS_socket as u32);
    program[at + 1] = op(JEQ, 1, 0, libc::SYS_socketpair as u32);
    program[at + 2] = op(RET, 0, 0, ALLOW);
    program[at + 3] = op(LOAD, 0, 0, ARG0);
    at += 4;
    i = 0;
    while i < families.len() {
        program[at] = op(JEQ, to(allow, at), 0, families[i]);
        at += 1;
        i += 1;
    }
    assert!(at == no_family, "the filter's length does not match its checks");
    program
}

/// Instructions of a filter besides the families' checks.
const FIXED: usize = 5 + REFUSED_CALLS.len() + MOUNT_CALLS.len() + 4 + 4;
/// The filter of runs in a network namespace (or allowed the network).
const CALLS_FILTER: [libc::sock_filter; FIXED + NETWORK_FAMILIES.len()] = filter(&NETWORK_FAMILIES);
/// The filter of runs no network namespace walls in.
const NETWORK_FILTER: [libc::sock_filter; FIXED + LOCAL_FAMILIES.len()] = filter(&LOCAL_FAMILIES);

/// Installs the run's seccomp filter (no-new-privileges must be set): [`NETWORK_FILTER`]
/// when `network` is to be refused, else [`CALLS_FILTER`].
///
/// # Safety
/// Changes this process for good: for a run's process, between fork (or clone) and exec.
pub(super) unsafe fn install_filter(network: bool) -> io::Result<()> {
    let filter: &[libc::sock_filter] = if network { &NETWORK_FILTER } else { &CALLS_FILTER };
    let program = libc::sock_fprog {
        len: filter.len() as u16,
        filter: filter.as_ptr().cast_mut(),
    };
    // SAFETY: `program` points to a filter that lives as long as the program (a constant).
    let result = unsafe {
        libc::prctl(
            libc::PR_SET_SECCOMP,
            libc::SECCOMP_MODE_FILTER,
            &program as *const libc::sock_fprog,
        )
    };
    if result < 0 {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}
