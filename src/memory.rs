//! Handing freed memory back to the system between the stages of a build.
//!
//! glibc's allocator keeps what a program frees for its next allocations
//! and returns only the top of its heaps; the pages a stage freed in the
//! middle stay counted against the process. A large book's build frees
//! much between stages (the reading of the book, the site's pages, the PDF's
//! layout) and peaks at the PDF's last step, so those pages are handed
//! back before it. Elsewhere this does nothing.

/// Returns the allocator's free pages to the system.
pub fn release_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only unmaps pages the allocator holds free; it
    // touches no memory in use and is safe to call from any thread.
    unsafe {
        libc::malloc_trim(0);
    }
}
