// Changed by wallclock (scripts/vendor-jiff-core.sh): the same CRC-32C,
// computed bit by bit instead of through a 16 KiB table.

/// Returns the "masked" CRC32 checksum of the slice using the Castagnoli
/// polynomial.
///
/// This "masked" checksum is the same one used by the Snappy frame format.
/// Masking is supposed to make the checksum robust with respect to data that
/// contains the checksum itself.
pub(crate) fn sum(buf: &[u8]) -> u32 {
    let sum = crc32c(buf);
    (sum.wrapping_shr(15) | sum.wrapping_shl(17)).wrapping_add(0xA282EAD8)
}

/// The CRC-32C (Castagnoli, reflected polynomial 0x82F63B78) of `buf`.
fn crc32c(buf: &[u8]) -> u32 {
    let mut crc: u32 = !0;
    for &b in buf {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = (crc >> 1) ^ (0x82F6_3B78 & (crc & 1).wrapping_neg());
        }
    }
    !crc
}

#[cfg(test)]
mod tests {
    #[test]
    fn check_value() {
        assert_eq!(super::crc32c(b"123456789"), 0xE306_9283);
    }
}
