//! Handing freed memory back to the system between the stages of a build.
//!
//! glibc's allocator keeps what a program frees for its next allocations
//! and returns only the top of its heaps; the pages a stage freed in the
//! middle stay counted against the process. A large book's build frees
//! much between stages (the reading of the book, the site's pages, the PDF's
//! layout) and peaks at the PDF's last step, so those pages are handed
//! back before it. Elsewhere this does nothing.

/// Blocks of this size and more get pages of their own, returned to the
/// system when freed. glibc otherwise raises its threshold to the largest
/// block freed so far (up to 32 MB), and a large book's growing buffers
/// (the PDF's chunks, the site's files) are then carved from the heaps and
/// leave holes there that no later allocation fills: on a 10,010-diagram
/// book that cost about 50 MB of peak memory.
const OWN_PAGES_FROM: i32 = 1 << 20;

/// Books of this much text and more have their large blocks given pages
/// of their own; a smaller build's few large blocks cost more mapped anew
/// each time than reused (about 2 % of the current edition's CPU).
const LARGE_BOOKS: usize = 4 << 20;

/// Gives large blocks pages of their own from now on
/// ([`OWN_PAGES_FROM`]), when the books have `text_bytes` of text or more
/// ([`LARGE_BOOKS`]).
pub fn map_large_blocks_for(text_bytes: usize) {
    if text_bytes < LARGE_BOOKS {
        return;
    }
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes where later allocations are placed; it
    // touches no memory in use and is safe to call from any thread.
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, OWN_PAGES_FROM);
    }
}

/// Returns the allocator's free pages to the system.
pub fn release_freed() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only unmaps pages the allocator holds free; it
    // touches no memory in use and is safe to call from any thread.
    unsafe {
        libc::malloc_trim(0);
    }
}
