// AES-GCM rows: against BearSSL's portable constant-time code (aes_ct64 CTR with ghash_ctmul64, through
// br_gcm), the yardstick for constant-time AES without AES-NI; and the same operation against
// swift-crypto (BoringSSL with AES-NI and PCLMULQDQ) in the "(vs AES-NI)" rows, reported without target.
// Every side expands its key per operation, as AES.GCM.seal/open do.

import CBearSSL
import Crypto
import PureAES

enum AESBenchmarks {
    static func comparisons() -> [Comparison] {
        var rows: [Comparison] = []
        let nonce = (0..<12).map { UInt8(truncatingIfNeeded: $0 &* 29 &+ 3) }
        for (keyBits, operation, size, label) in [(128, "seal", 16384, "16 KiB"), (256, "seal", 16384, "16 KiB"), (256, "open", 1024, "1 KiB")] {
            let name = "AES-\(keyBits)-GCM \(operation) \(label)"
            let key = (0..<(keyBits / 8)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) }
            let message = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
            let ourKey = PureAES.SymmetricKey(data: key), theirKey = Crypto.SymmetricKey(data: key)
            let ourNonce = try! PureAES.AES.GCM.Nonce(data: nonce), theirNonce = try! Crypto.AES.GCM.Nonce(data: nonce)
            let sealed = try! PureAES.AES.GCM.seal(message, using: ourKey, nonce: ourNonce)
            // Cross-check: all three sides agree on the ciphertext and tag.
            let theirSealed = try! Crypto.AES.GCM.seal(message, using: theirKey, nonce: theirNonce)
            precondition(Array(theirSealed.ciphertext) == sealed.ciphertext && Array(theirSealed.tag) == sealed.tag)
            let bear = BearGCM(key: key)
            precondition(bear.seal(message, nonce: nonce) == sealed.ciphertext + sealed.tag)
            precondition(bear.open(sealed.ciphertext, nonce: nonce, tag: sealed.tag) == message)

            let ours: () -> UInt64, bearSide: () -> UInt64, cryptoSide: () -> UInt64
            if operation == "seal" {
                ours = { firstWord(try! PureAES.AES.GCM.seal(message, using: ourKey, nonce: ourNonce).tag) }
                bearSide = { firstWord(BearGCM(key: key).seal(message, nonce: nonce).suffix(16)) }
                cryptoSide = { firstWord(try! Crypto.AES.GCM.seal(message, using: theirKey, nonce: theirNonce).tag) }
            } else {
                let theirBox = try! Crypto.AES.GCM.SealedBox(nonce: theirNonce, ciphertext: sealed.ciphertext, tag: sealed.tag)
                ours = { firstWord(try! PureAES.AES.GCM.open(sealed, using: ourKey)) }
                bearSide = { firstWord(BearGCM(key: key).open(sealed.ciphertext, nonce: nonce, tag: sealed.tag)!) }
                cryptoSide = { firstWord(try! Crypto.AES.GCM.open(theirBox, using: theirKey)) }
            }
            rows.append(Comparison(name: name, peer: "BearSSL ct64", ours: ours, theirs: bearSide, bytes: size))
            rows.append(Comparison(name: "\(name) (vs AES-NI)", peer: "swift-crypto", ours: ours, theirs: cryptoSide, bytes: size))
        }
        return rows
    }
}

/// br_gcm over br_aes_ct64_ctr and br_ghash_ctmul64, one key.
struct BearGCM {
    var keys = br_aes_ct64_ctr_keys()

    init(key: [UInt8]) {
        key.withUnsafeBytes { br_aes_ct64_ctr_init(&keys, $0.baseAddress, $0.count) }
    }

    /// ciphertext ‖ tag.
    func seal(_ message: [UInt8], nonce: [UInt8]) -> [UInt8] {
        var keys = keys
        var output = message + [UInt8](repeating: 0, count: 16)
        // The context keeps a pointer to the key structure, whose first field is the vtable pointer.
        withUnsafeMutablePointer(to: &keys) { keysPointer in
            let vtable = UnsafeMutableRawPointer(keysPointer).assumingMemoryBound(to: UnsafePointer<br_block_ctr_class>?.self)
            var context = br_gcm_context()
            br_gcm_init(&context, vtable, br_ghash_ctmul64)
            nonce.withUnsafeBytes { br_gcm_reset(&context, $0.baseAddress, $0.count) }
            br_gcm_flip(&context)
            output.withUnsafeMutableBytes { buffer in
                br_gcm_run(&context, 1, buffer.baseAddress, message.count)
                br_gcm_get_tag(&context, buffer.baseAddress! + message.count)
            }
        }
        return output
    }

    /// The plaintext, or nil when the tag does not match.
    func open(_ ciphertext: [UInt8], nonce: [UInt8], tag: [UInt8]) -> [UInt8]? {
        var keys = keys
        var output = ciphertext
        let ok = withUnsafeMutablePointer(to: &keys) { keysPointer -> Bool in
            let vtable = UnsafeMutableRawPointer(keysPointer).assumingMemoryBound(to: UnsafePointer<br_block_ctr_class>?.self)
            var context = br_gcm_context()
            br_gcm_init(&context, vtable, br_ghash_ctmul64)
            nonce.withUnsafeBytes { br_gcm_reset(&context, $0.baseAddress, $0.count) }
            br_gcm_flip(&context)
            output.withUnsafeMutableBytes { br_gcm_run(&context, 0, $0.baseAddress, ciphertext.count) }
            return tag.withUnsafeBytes { br_gcm_check_tag(&context, $0.baseAddress) } == 1
        }
        return ok ? output : nil
    }
}
