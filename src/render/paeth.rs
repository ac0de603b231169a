//! PNG's Paeth filter of one row of RGBA pixels, straight from the pixmap
//! into the row the PNG stores (three bytes a pixel when the alpha is
//! dropped). With AVX2, 32 bytes a step, the alpha dropped by a shuffle:
//! the portable form first copies each row without its alpha, byte by
//! byte, which took as long as the filter itself.

/// Filters `line` under `above` (both RGBA, `above` all zeros for the
/// first row) into `out`, `3` bytes a pixel when `opaque` (the alpha
/// dropped) and `4` otherwise. `scratch` holds the portable form's rows:
/// [`Rows::new`] for the row's width.
pub(super) fn filter(line: &[u8], above: &[u8], opaque: bool, out: &mut [u8], scratch: &mut Rows) {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU has AVX2, checked just above.
        unsafe { avx2::filter(line, above, opaque, out) };
        return;
    }
    portable(line, above, opaque, out, scratch);
}

/// The portable form's rows as stored: the row and the one above.
pub(super) struct Rows {
    row: Vec<u8>,
    above: Vec<u8>,
}

impl Rows {
    /// Rows of `len` bytes as stored.
    pub(super) fn new(len: usize) -> Rows {
        Rows {
            row: vec![0; len],
            above: vec![0; len],
        }
    }
}

fn portable(line: &[u8], above: &[u8], opaque: bool, out: &mut [u8], rows: &mut Rows) {
    stored_row(line, opaque, &mut rows.row);
    stored_row(above, opaque, &mut rows.above);
    paeth(&rows.row, &rows.above, if opaque { 3 } else { 4 }, out);
}

/// An RGBA row as the PNG stores it: as it is, or without its alpha.
pub(super) fn stored_row(line: &[u8], opaque: bool, row: &mut [u8]) {
    if !opaque {
        row.copy_from_slice(line);
        return;
    }
    // Two pixels a step, as one 64-bit word: its six colour bytes.
    let mut pairs = line.chunks_exact(8);
    let mut to = row.chunks_exact_mut(6);
    for (from, to) in (&mut pairs).zip(&mut to) {
        let two = u64::from_le_bytes(from.try_into().unwrap_or_default());
        let rgb = (two & 0xff_ffff) | ((two >> 8) & 0xffff_ff00_0000);
        to.copy_from_slice(&rgb.to_le_bytes()[..6]);
    }
    for (from, to) in pairs
        .remainder()
        .chunks_exact(4)
        .zip(to.into_remainder().chunks_exact_mut(3))
    {
        to.copy_from_slice(&from[..3]);
    }
}

/// Paeth's prediction from the byte to the left `a`, the one above `b` and
/// the one above-left `c`, in png's way (FPNGE's form, on bytes only).
fn predict(a: u8, b: u8, c: u8) -> u8 {
    let pa = b.max(c) - c.min(b);
    let pb = a.max(c) - c.min(a);
    let pc = if (a < c) == (c < b) {
        pa.max(pb) - pa.min(pb)
    } else {
        255
    };
    if pa <= pb && pa <= pc {
        a
    } else if pb <= pc {
        b
    } else {
        c
    }
}

/// The Paeth filter of `row` under `above`, `bpp` bytes a pixel (a loop
/// the compiler vectorises).
fn paeth(row: &[u8], above: &[u8], bpp: usize, out: &mut [u8]) {
    let n = row.len();
    for i in 0..bpp.min(n) {
        out[i] = row[i].wrapping_sub(predict(0, above[i], 0));
    }
    for ((((to, x), a), b), c) in out[bpp..]
        .iter_mut()
        .zip(&row[bpp..])
        .zip(&row[..n - bpp])
        .zip(&above[bpp..])
        .zip(&above[..n - bpp])
    {
        *to = x.wrapping_sub(predict(*a, *b, *c));
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::*;

    /// [`super::filter`] with AVX2: eight pixels a step from the second
    /// on (whose left neighbours are in the row), the first and the last
    /// few byte by byte.
    #[target_feature(enable = "avx2")]
    pub(super) fn filter(line: &[u8], above: &[u8], opaque: bool, out: &mut [u8]) {
        let bpp = if opaque { 3 } else { 4 };
        let load = |bytes: &[u8], at: usize| -> __m256i {
            bytemuck::pod_read_unaligned(&bytes[at..at + 32])
        };
        // Each 128-bit lane's four pixels without their alpha, in its low
        // 12 bytes; then the two lanes' 12 bytes side by side.
        let drop_alpha = _mm256_setr_epi8(
            0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1, //
            0, 1, 2, 4, 5, 6, 8, 9, 10, 12, 13, 14, -1, -1, -1, -1,
        );
        let pack = _mm256_setr_epi32(0, 1, 2, 4, 5, 6, 7, 7);
        let (mut i, mut o) = (4, bpp);
        while i + 32 <= line.len() && o + 32 <= out.len() {
            let x = load(line, i);
            let p = predict(load(line, i - 4), load(above, i), load(above, i - 4));
            let mut d = _mm256_sub_epi8(x, p);
            if opaque {
                d = _mm256_permutevar8x32_epi32(_mm256_shuffle_epi8(d, drop_alpha), pack);
            }
            out[o..o + 32].copy_from_slice(bytemuck::bytes_of(&d));
            i += 32;
            o += 8 * bpp;
        }
        // The first pixel (no left neighbour) and what is left.
        let byte_by_byte = |p: usize, out: &mut [u8]| {
            for k in 0..bpp {
                let (a, c) = match p {
                    0 => (0, 0),
                    _ => (line[4 * p - 4 + k], above[4 * p - 4 + k]),
                };
                let x = line[4 * p + k];
                out[bpp * p + k] = x.wrapping_sub(super::predict(a, above[4 * p + k], c));
            }
        };
        let pixels = line.len() / 4;
        for p in (0..pixels.min(1)).chain(i / 4..pixels) {
            byte_by_byte(p, out);
        }
    }

    /// [`super::predict`] on 32 bytes.
    #[target_feature(enable = "avx2")]
    fn predict(a: __m256i, b: __m256i, c: __m256i) -> __m256i {
        let diff = |x, y| _mm256_or_si256(_mm256_subs_epu8(x, y), _mm256_subs_epu8(y, x));
        let at_most = |x, y| _mm256_cmpeq_epi8(_mm256_min_epu8(x, y), x);
        let pa = diff(b, c);
        let pb = diff(a, c);
        // (a < c) == (c < b), as (a >= c) == (c >= b).
        let zero = _mm256_setzero_si256();
        let same = _mm256_cmpeq_epi8(
            _mm256_cmpeq_epi8(_mm256_subs_epu8(c, a), zero),
            _mm256_cmpeq_epi8(_mm256_subs_epu8(b, c), zero),
        );
        // |pa - pb| where the signs are the same, 255 elsewhere.
        let pc = _mm256_or_si256(diff(pa, pb), _mm256_xor_si256(same, _mm256_set1_epi8(-1)));
        let take_a = _mm256_and_si256(at_most(pa, pb), at_most(pa, pc));
        let take_b = at_most(pb, pc);
        _mm256_blendv_epi8(_mm256_blendv_epi8(c, b, take_b), a, take_a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Rows of random bytes, and of few values (runs, equal neighbours,
    /// every case of the prediction), at every width up to 40 pixels: the
    /// filter gives the portable form's bytes, opaque or not.
    #[test]
    fn the_fast_filter_gives_the_portable_bytes() {
        let mut x: u32 = 0x9E37_79B9;
        let mut next = |few: bool| {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            if few {
                [0, 1, 127, 128, 254, 255][(x % 6) as usize]
            } else {
                x as u8
            }
        };
        for width in 1..=40 {
            for few in [false, true] {
                let line: Vec<u8> = (0..width * 4).map(|_| next(few)).collect();
                let above: Vec<u8> = (0..width * 4).map(|_| next(few)).collect();
                for opaque in [true, false] {
                    let len = width * if opaque { 3 } else { 4 };
                    let mut rows = Rows::new(len);
                    let mut want = vec![0; len];
                    portable(&line, &above, opaque, &mut want, &mut rows);
                    let mut got = vec![0; len];
                    filter(&line, &above, opaque, &mut got, &mut rows);
                    assert_eq!(got, want, "{width} wide, opaque {opaque}, few {few}");
                }
            }
        }
    }

    /// Paeth's definition, in 16 bits, over every triple of a byte's
    /// values: FPNGE's form on bytes predicts the same.
    #[test]
    fn the_prediction_is_paeths() {
        for a in 0..=255u8 {
            for b in 0..=255u8 {
                for c in (0..=255u8).step_by(3) {
                    let p = i16::from(a) + i16::from(b) - i16::from(c);
                    let (pa, pb, pc) = (
                        (p - i16::from(a)).abs(),
                        (p - i16::from(b)).abs(),
                        (p - i16::from(c)).abs(),
                    );
                    let want = if pa <= pb && pa <= pc {
                        a
                    } else if pb <= pc {
                        b
                    } else {
                        c
                    };
                    assert_eq!(predict(a, b, c), want, "{a} {b} {c}");
                }
            }
        }
    }
}
