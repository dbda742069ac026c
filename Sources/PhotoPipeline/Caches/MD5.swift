import Foundation

/// The MD5 digest (RFC 1321), for one purpose: the freedesktop.org thumbnail standard names a
/// thumbnail by the MD5 of its file's URI. Not for anything that needs a secure hash. Written
/// here because Foundation on Linux has no MD5 and the app links nothing else that would.
enum MD5 {
    /// Per-round left-rotation amounts (RFC 1321, section 3.4).
    private static let shifts: [UInt32] = [
        7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22,
        5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20,
        4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23,
        6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21,
    ]

    /// The sine table: floor(|sin(i + 1)| × 2^32) for i in 0..<64 (RFC 1321, section 3.4).
    private static let sines: [UInt32] = (0..<64).map { i in
        UInt32(truncatingIfNeeded: Int64((abs(sin(Double(i + 1))) * 4_294_967_296).rounded(.down)))
    }

    /// The 16-byte digest of `message`.
    static func digest(_ message: [UInt8]) -> [UInt8] {
        // Padding: a 1 bit, zeros to 56 mod 64 bytes, then the bit length, little-endian.
        var bytes = message
        let bitLength = UInt64(message.count) &* 8
        bytes.append(0x80)
        while bytes.count % 64 != 56 { bytes.append(0) }
        for k in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: bitLength >> (8 * UInt64(k)))) }

        // The initial state (RFC 1321, section 3.3).
        var a0: UInt32 = 0x6745_2301, b0: UInt32 = 0xefcd_ab89, c0: UInt32 = 0x98ba_dcfe, d0: UInt32 = 0x1032_5476
        var words = [UInt32](repeating: 0, count: 16)
        for chunk in stride(from: 0, to: bytes.count, by: 64) {
            for w in 0..<16 {
                let at = chunk + 4 * w
                words[w] = UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
            }
            var a = a0, b = b0, c = c0, d = d0
            for i in 0..<64 {
                var f: UInt32
                let g: Int
                switch i {
                case 0..<16: f = (b & c) | (~b & d); g = i
                case 16..<32: f = (d & b) | (~d & c); g = (5 * i + 1) % 16
                case 32..<48: f = b ^ c ^ d; g = (3 * i + 5) % 16
                default: f = c ^ (b | ~d); g = (7 * i) % 16
                }
                f = f &+ a &+ sines[i] &+ words[g]
                a = d
                d = c
                c = b
                b = b &+ (f << shifts[i] | f >> (32 - shifts[i]))
            }
            a0 = a0 &+ a
            b0 = b0 &+ b
            c0 = c0 &+ c
            d0 = d0 &+ d
        }
        return [a0, b0, c0, d0].flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> (8 * UInt32($0))) } }
    }

    /// The digest as 32 lowercase hex digits.
    static func hex(_ message: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest(message).flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }
}
