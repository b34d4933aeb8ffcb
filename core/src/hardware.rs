//! Hints to the hardware for the solvers' tables, which are read at random: start loading a
//! slot into the cache early, and back a big table with 2 MiB pages. Both change only speed.
//!
//! The one module of this crate allowed `unsafe`, and only with the `native` feature; without
//! it (the browser build, other systems) every hint is a no-op.

/// Starts loading `slot` into the cache while the node's other work is done.
#[inline(always)]
pub(crate) fn prefetch<T>(slot: &T) {
    #[cfg(all(feature = "native", target_arch = "x86_64"))]
    #[allow(unsafe_code)]
    // SAFETY: a prefetch is only a hint and never faults; the address is a live reference.
    unsafe {
        std::arch::x86_64::_mm_prefetch(
            std::ptr::from_ref(slot).cast::<i8>(),
            std::arch::x86_64::_MM_HINT_T0,
        );
    }
    #[cfg(not(all(feature = "native", target_arch = "x86_64")))]
    let _ = slot;
}

/// Asks for `table` to be backed by 2 MiB pages where the system does so on request: with
/// small pages nearly every random read also misses the address-translation cache.
pub(crate) fn huge_pages<T>(table: &[T]) {
    #[cfg(all(feature = "native", target_os = "linux"))]
    {
        const PAGE: usize = 4096;
        let start = table.as_ptr() as usize;
        let aligned = start.next_multiple_of(PAGE);
        let end = start + std::mem::size_of_val(table);
        if end > aligned {
            #[allow(unsafe_code)]
            // SAFETY: the range lies inside the table's own allocation, and MADV_HUGEPAGE only
            // changes how the kernel backs it, never its contents.
            unsafe {
                libc::madvise(aligned as *mut libc::c_void, end - aligned, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(all(feature = "native", target_os = "linux")))]
    let _ = table;
}
