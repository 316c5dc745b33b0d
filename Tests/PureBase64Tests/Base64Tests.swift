// Base64 and base64url against RFC 4648's vectors, round trips, and the strictness rules.

import PureBase64
import Foundation
import Testing
import TestSupport

private struct RFC4648File: Decodable {
    let section10: [Section10]
    let section9_base64_examples: [Section9]
    struct Section10: Decodable { let input: String; let base64: String }
    struct Section9: Decodable { let input_hex: String; let base64: String }
}

/// RFC 4648 §5 / RFC 7515 §2: base64url is base64 with '-' for '+', '_' for '/', and no padding.
private func toBase64URL(_ base64: String) -> String {
    String(base64.map { $0 == "+" ? "-" : $0 == "/" ? "_" : $0 }.filter { $0 != "=" })
}

@Suite("Base64, RFC 4648")
struct Base64VectorTests {
    @Test("every RFC 4648 vector, both alphabets, both directions")
    func rfcVectors() throws {
        let file = try VectorFiles.json(RFC4648File.self, "rfc4648_base64_vectors.json")
        var pairs = file.section10.map { (Array($0.input.utf8), $0.base64) }
        for example in file.section9_base64_examples { pairs.append((try [UInt8](hex: example.input_hex), example.base64)) }
        #expect(file.section10.count == 7)
        #expect(file.section9_base64_examples.count == 3)
        #expect(pairs.count == 10)
        for (bytes, base64) in pairs {
            #expect(Base64.encode(bytes) == base64)
            #expect(try Base64.decode(base64) == bytes)
            #expect(Base64.encodeToBytes(bytes) == Array(base64.utf8))
            let url = toBase64URL(base64)
            #expect(Base64URL.encode(bytes) == url)
            #expect(try Base64URL.decode(url) == bytes)
            #expect(try Base64URL.decode(ascii: Array(url.utf8)) == bytes)
        }
    }

    @Test("round trips of every length 0…300 and every byte value")
    func roundTrips() throws {
        var generator = SplitMix64(seed: 4648)
        for length in 0...300 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            #expect(try Base64.decode(Base64.encode(bytes)) == bytes)
            #expect(try Base64URL.decode(Base64URL.encode(bytes)) == bytes)
            #expect(Base64.encode(bytes).utf8.count == (length + 2) / 3 * 4)
            #expect(Base64URL.encode(bytes).utf8.count == (length * 4 + 2) / 3)
        }
        let all = (0...255).map { UInt8($0) }
        #expect(try Base64.decode(Base64.encode(all)) == all)
        #expect(try Base64URL.decode(Base64URL.encode(all)) == all)
    }
}

@Suite("Base64 strict decoding")
struct Base64StrictnessTests {
    private func base64Error(_ text: String) -> Base64Error? {
        do { _ = try Base64.decode(text); return nil } catch { return error }
    }
    private func urlError(_ text: String) -> Base64Error? {
        do { _ = try Base64URL.decode(text); return nil } catch { return error }
    }

    @Test("base64 rejects, with the offset of the bad byte", arguments: [
        ("Zm9v!mFy", Base64Error.Reason.invalidCharacter(UInt8(ascii: "!")), 4),
        ("Zm9vYmF-", .invalidCharacter(UInt8(ascii: "-")), 7),
        ("Zm9v YmFy", .invalidCharacter(UInt8(ascii: " ")), 4),
        ("Zm9vYmFy\n", .invalidCharacter(0x0A), 8),
        ("Zg", .missingPadding, 2),
        ("Zg=", .missingPadding, 3),
        ("Zm9vY", .missingPadding, 5),
        ("Zg===", .misplacedPadding, 2),
        ("Z===", .misplacedPadding, 1),
        ("====", .misplacedPadding, 0),
        ("Zg==Zg==", .misplacedPadding, 2),
        ("Z=9v", .misplacedPadding, 1),
        ("Zh==", .nonZeroTrailingBits, 1),       // 'h' = 33 = 0b100001: low 4 bits not zero
        ("Zm9=", .nonZeroTrailingBits, 2),       // '9' = 61: low 2 bits not zero
        ("Zm\u{e9}v", .invalidCharacter(0xC3), 2),  // non-ASCII: the first UTF-8 byte is reported
    ])
    func base64Rejects(text: String, reason: Base64Error.Reason, offset: Int) {
        let error = base64Error(text)
        #expect(error == Base64Error(encoding: .base64, reason: reason, offset: offset), "\(text)")
        #expect(error?.description.contains("offset \(offset)") == true || reason == .missingPadding)
    }

    @Test("base64url rejects, with the offset of the bad byte", arguments: [
        ("Zm9vYmE=", Base64Error.Reason.unexpectedPadding, 7),
        ("Zg==", .unexpectedPadding, 2),
        ("Zm9v+mFy", .invalidCharacter(UInt8(ascii: "+")), 4),
        ("Zm9v/mFy", .invalidCharacter(UInt8(ascii: "/")), 4),
        ("Zm9v.mFy", .invalidCharacter(UInt8(ascii: ".")), 4),
        ("Z", .truncated, 1),
        ("Zm9vY", .truncated, 5),
        ("Zh", .nonZeroTrailingBits, 1),
        ("Zm9", .nonZeroTrailingBits, 2),
        ("eyJhbGciOiJIUzI1NiJ9\r\n", .invalidCharacter(0x0D), 20),
    ])
    func base64URLRejects(text: String, reason: Base64Error.Reason, offset: Int) {
        #expect(urlError(text) == Base64Error(encoding: .base64url, reason: reason, offset: offset), "\(text)")
    }

    @Test("every byte outside the alphabet is rejected in every position")
    func everyAlienByte() {
        let standard = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        let url = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
        for byte in UInt8.min...UInt8.max {
            for position in 0..<8 {
                var text = Array("Zm9vYmFy".utf8)
                text[position] = byte
                let b64 = Result { try Base64.decode(ascii: text) }
                let b64url = Result { try Base64URL.decode(ascii: text) }
                if !standard.contains(byte) {
                    if case .success = b64 { Issue.record("base64 accepted byte \(byte) at \(position)") }
                }
                if !url.contains(byte) {
                    if case .success = b64url { Issue.record("base64url accepted byte \(byte) at \(position)") }
                }
            }
        }
    }

    @Test("every byte in every position of a 44-character text (five 8-character blocks and a group): decoded as Foundation decodes it, or rejected at that offset")
    func everyByteAcrossBlocks() throws {
        var generator = SplitMix64(seed: 16)
        let original = (0..<33).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let standard = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)
        for (alphabetName, encoded, alphabet) in [("base64", Array(Base64.encode(original).utf8), standard),
                                                  ("base64url", Array(Base64URL.encode(original).utf8),
                                                   Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8))] {
            #expect(encoded.count == 44)
            for position in 0..<44 {
                for byte in UInt8.min...UInt8.max {
                    // '=' in the last two places of base64 is padding, judged by the padding tests above.
                    if alphabetName == "base64" && byte == UInt8(ascii: "=") && position >= 42 { continue }
                    var text = encoded
                    text[position] = byte
                    let ours = Result { () throws(Base64Error) in
                        alphabetName == "base64" ? try Base64.decode(ascii: text) : try Base64URL.decode(ascii: text)
                    }
                    if alphabet.contains(byte) {
                        // Foundation as the independent decoder, on the text mapped to the standard alphabet.
                        let mapped = text.map { $0 == UInt8(ascii: "-") ? UInt8(ascii: "+") : $0 == UInt8(ascii: "_") ? UInt8(ascii: "/") : $0 }
                        let expected = Data(base64Encoded: Data(mapped)).map { [UInt8]($0) }
                        #expect((try? ours.get()) == expected, "\(alphabetName): byte \(byte) at \(position)")
                    } else {
                        guard case .failure(let error) = ours else {
                            Issue.record("\(alphabetName) accepted byte \(byte) at \(position)")
                            continue
                        }
                        #expect(error.offset == position, "\(alphabetName): byte \(byte) at \(position)")
                    }
                }
            }
        }
    }

    @Test("messages name the problem and the fix")
    func messages() {
        #expect(urlError("ab+c")?.description.contains("use '-' for '+'") == true)
        #expect(base64Error("ab-c")?.description.contains("Base64URL") == true)
        #expect(urlError("YQ==")?.description.contains("remove the trailing '='") == true)
        #expect(base64Error("Zm9v YmFy")?.description.contains("decodeIgnoringWhitespace") == true)
    }
}

@Suite("Base64 lenient decoding for PEM bodies")
struct Base64LenientTests {
    @Test("line breaks and spaces are skipped; nothing else is relaxed")
    func ignoresWhitespace() throws {
        let bytes = (0..<100).map { UInt8($0) }
        let encoded = Base64.encode(bytes)
        var wrapped = ""
        for (index, character) in encoded.enumerated() {
            if index > 0 && index % 64 == 0 { wrapped += "\r\n" }
            wrapped.append(character)
        }
        #expect(try Base64.decodeIgnoringWhitespace(wrapped) == bytes)
        #expect(try Base64.decodeIgnoringWhitespace("  Zm9v\n\tYmFy \n") == Array("foobar".utf8))
        #expect(throws: Base64Error(encoding: .base64, reason: .invalidCharacter(UInt8(ascii: "!")), offset: 7)) {
            try Base64.decodeIgnoringWhitespace("Zm9v\n  !mFy")
        }
        #expect(throws: Base64Error(encoding: .base64, reason: .missingPadding, offset: 4)) {
            try Base64.decodeIgnoringWhitespace("Zg\n\n")
        }
    }
}
