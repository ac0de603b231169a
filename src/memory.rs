//! Where a build's freed memory goes: back to the system between the
//! stages of a large build, kept for the next allocations in a small one.
//!
//! glibc's allocator keeps what a program frees for its next allocations
//! and returns only the top of its heaps; the pages a stage freed in the
//! middle stay counted against the process. A large book's build frees
//! much between stages (the reading of the book, the site's pages, the PDF's
//! layout) and peaks at the PDF's last step, so those pages are handed
//! back before it. A small build's peak is small, and handing pages back
//! only to fault them in again costs CPU: each page returned while two
//! threads run interrupts the other core to flush its TLB.

/// Blocks of this size and more get pages of their own, returned to the
/// system when freed. glibc otherwise raises its threshold to the largest
/// block freed so far (up to 32 MB), and a large book's growing buffers
/// (the PDF's chunks, the site's files) are then carved from the heaps and
/// leave holes there that no later allocation fills: on a 10,010-diagram
/// book that cost about 50 MB of peak memory.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const OWN_PAGES_FROM: i32 = 1 << 20;

/// Books of this much text and more have their large blocks given pages
/// of their own; a smaller build's few large blocks cost more mapped anew
/// each time than reused.
const LARGE_BOOKS: usize = 4 << 20;

/// In a smaller build, blocks up to this size come from the heaps (32 MB,
/// glibc's largest threshold), whose freed memory is kept while less than
/// [`KEEP_FREED_UP_TO`] lies free at their top: the canvases and PNGs of
/// each diagram (5 MB each for the current edition's widest) are then
/// reused, not mapped and zeroed anew: 3–9 % of a fresh build's CPU for
/// `rules/rules.md`, for 3 MB more peak memory.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const HEAP_BLOCKS_UP_TO: i32 = 32 << 20;
#[cfg(all(target_os = "linux", target_env = "gnu"))]
const KEEP_FREED_UP_TO: i32 = 128 << 20;

/// Set for a build of books smaller than [`LARGE_BOOKS`]: freed pages stay
/// with the allocator.
static KEEP_FREED: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Sets, for the rest of this process (a build), where large blocks go for
/// books of `text_bytes` of text: pages of their own from
/// [`OWN_PAGES_FROM`] for [`LARGE_BOOKS`] and more, the heaps otherwise,
/// with freed memory kept.
pub fn place_blocks_for(text_bytes: usize) {
    let large = text_bytes >= LARGE_BOOKS;
    KEEP_FREED.store(!large, std::sync::atomic::Ordering::Relaxed);
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt only changes where later allocations are placed and
    // when free pages are returned; it touches no memory in use and is safe
    // to call from any thread.
    unsafe {
        if large {
            libc::mallopt(libc::M_MMAP_THRESHOLD, OWN_PAGES_FROM);
        } else {
            libc::mallopt(libc::M_MMAP_THRESHOLD, HEAP_BLOCKS_UP_TO);
            libc::mallopt(libc::M_TRIM_THRESHOLD, KEEP_FREED_UP_TO);
        }
    }
}

/// Returns the allocator's free pages to the system, unless this build
/// keeps them ([`place_blocks_for`]).
pub fn release_freed() {
    if KEEP_FREED.load(std::sync::atomic::Ordering::Relaxed) {
        return;
    }
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only unmaps pages the allocator holds free; it
    // touches no memory in use and is safe to call from any thread.
    unsafe {
        libc::malloc_trim(0);
    }
}
