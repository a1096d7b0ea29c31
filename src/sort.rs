//! One small sort for the cold paths (reading specs and rules, describing,
//! listing zones). Each use of std's sorts instantiates several kilobytes of
//! wasm per element type, which a dozen lists sorted once per call do not
//! need. The expander's hot sorts keep std's.
//!
//! Unstable: every caller sorts values whose equal elements are
//! indistinguishable (and usually dedups them next).

/// Sorts `v` in ascending order.
pub(crate) fn sort<T: Ord>(v: &mut [T]) {
    sort_by(v, |a, b| a < b);
}

/// Sorts `v` by `key`, ascending.
pub(crate) fn sort_by_key<T, K: Ord>(v: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(v, |a, b| key(a) < key(b));
}

/// Heapsort with `less` as the order: O(n log n) without extra memory, in a
/// few hundred bytes of code per element type.
pub(crate) fn sort_by<T>(v: &mut [T], mut less: impl FnMut(&T, &T) -> bool) {
    let n = v.len();
    let mut sift = |v: &mut [T], mut root: usize, end: usize| loop {
        let mut child = 2 * root + 1;
        if child >= end {
            break;
        }
        if child + 1 < end && less(&v[child], &v[child + 1]) {
            child += 1;
        }
        if !less(&v[root], &v[child]) {
            break;
        }
        v.swap(root, child);
        root = child;
    };
    for i in (0..n / 2).rev() {
        sift(v, i, n);
    }
    for end in (1..n).rev() {
        v.swap(0, end);
        sift(v, 0, end);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_std() {
        let mut seed = 0x2545_f491_u32;
        for len in [0, 1, 2, 3, 7, 64, 1000] {
            let mut v: Vec<u8> = (0..len)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 17;
                    seed ^= seed << 5;
                    (seed % 50) as u8
                })
                .collect();
            let mut want = v.clone();
            want.sort();
            sort(&mut v);
            assert_eq!(v, want);
            sort_by(&mut v, |a, b| a > b);
            want.reverse();
            assert_eq!(v, want);
        }
    }
}
