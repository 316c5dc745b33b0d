// Writes the curves' public key types from two templates, as swift-crypto generates its per-curve key types
// (gyb): the curves' key types are the same code with other names and sizes, and this keeps one source of
// truth for them while each curve keeps swift-crypto's concrete nested names (P384.KeyAgreement.PrivateKey, …).
//   scripts/curve-keys/CurveKeys.swift.template    → Sources/PureP256/P256Keys.swift, Sources/PureP384/P384Keys.swift,
//                                                    Sources/PureP521/P521Keys.swift, Sources/PureSecp256k1/Secp256k1Keys.swift
//   scripts/curve-keys/EdwardsKeys.swift.template  → Sources/PureCurve25519/Curve25519Keys.swift,
//                                                    Sources/PureCurve448/Curve448Keys.swift (EdDSA and X25519/X448)
//   scripts/curve-keys/EdwardsError.swift.template → Sources/PureCurve25519/Curve25519Error.swift,
//                                                    Sources/PureCurve448/Curve448Error.swift (each module's error)
//
//   swift scripts/generate-curve-keys.swift           # rewrite the files
//   swift scripts/generate-curve-keys.swift --check   # exit 1, naming the files, if any differs (CI)
//
// The template language, line-based:
//   ${Name}                substituted from the curve's table below (and ${KIND} inside a %for)
//   %for KIND in A B       the lines up to the matching %end, once per word, with ${KIND} set
//   %if W1 W2 …            the lines up to %else or %end when every word holds: a curve name ("P256",
//   %else / %end           "Curve448"), "generic" (the curve signs with PureECDSA's generic ECDSA), "NIST" (a
//                          NIST P-curve), or the %for's value

import Foundation

struct Curve {
    let values: [String: String]
    let flags: Set<String>
}

func curve(_ name: String, swiftName: String? = nil, bytes: Int, orderBits: Int, oid: String, hash: String, jws: String,
           generic: Bool, nist: Bool = true) -> Curve {
    let swiftName = swiftName ?? name.replacingOccurrences(of: "-", with: "")
    return Curve(
        values: [
            "Curve": swiftName, "name": name, "oid": oid, "Hash": hash, "jws": jws,
            "hashName": hash.replacingOccurrences(of: "SHA", with: "SHA-"),
            "bytes": "\(bytes)", "rawBytes": "\(2 * bytes)", "x963Bytes": "\(2 * bytes + 1)",
            "compressedBytes": "\(bytes + 1)", "x963PrivateBytes": "\(3 * bytes + 1)", "orderBits": "\(orderBits)",
        ],
        flags: Set([swiftName] + (generic ? ["generic"] : []) + (nist ? ["NIST"] : [])))
}

let curves = [
    curve("P-256", bytes: 32, orderBits: 256, oid: "prime256v1", hash: "SHA256", jws: "ES256", generic: false),
    curve("P-384", bytes: 48, orderBits: 384, oid: "secp384r1", hash: "SHA384", jws: "ES384", generic: true),
    curve("P-521", bytes: 66, orderBits: 521, oid: "secp521r1", hash: "SHA512", jws: "ES512", generic: true),
    curve("secp256k1", swiftName: "Secp256k1", bytes: 32, orderBits: 256, oid: "secp256k1", hash: "SHA256", jws: "ES256K",
          generic: true, nist: false),
]

/// Ed25519/X25519 and Ed448/X448: the signing key's and the agreement key's sizes, the raw signing secret's
/// name (RFC 8032 calls Ed25519's 32 bytes a seed), the RFC sections that differ.
func edwardsCurve(_ name: String, ed: String, x: String, edBytes: Int, xBytes: Int, secret: String, edSection: String,
                  edOID: String, xOID: String, basePointU: Int, smallOrderSection: String, encodingArgument: String) -> Curve {
    Curve(
        values: [
            "Curve": name, "Ed": ed, "X": x, "ed": ed.lowercased(), "x": x.lowercased(),
            "edBytes": "\(edBytes)", "xBytes": "\(xBytes)", "secret": secret, "Secret": secret.prefix(1).uppercased() + secret.dropFirst(),
            "edSection": edSection, "edOID": edOID, "xOID": xOID, "basePointU": "\(basePointU)",
            "smallOrderSection": smallOrderSection, "encodingArgument": encodingArgument,
            "edwards": name == "Curve25519" ? "edwards25519" : "edwards448", "otherEd": name == "Curve25519" ? "Ed448" : "Ed25519",
            "keyLengths": edBytes == xBytes ? "\(ed) and \(x) keys are \(edBytes) bytes" : "\(ed) keys are \(edBytes) bytes, \(x) keys \(xBytes)",
        ],
        flags: [name])
}

let edwardsCurves = [
    edwardsCurve("Curve25519", ed: "Ed25519", x: "X25519", edBytes: 32, xBytes: 32, secret: "seed", edSection: "5.1",
                 edOID: "1.3.101.112", xOID: "1.3.101.110", basePointU: 9, smallOrderSection: "6.1", encodingArgument: "encoding"),
    edwardsCurve("Curve448", ed: "Ed448", x: "X448", edBytes: 57, xBytes: 56, secret: "secret", edSection: "5.2",
                 edOID: "1.3.101.113", xOID: "1.3.101.111", basePointU: 5, smallOrderSection: "6.2", encodingArgument: "encoding[...]"),
]

struct TemplateError: Error, CustomStringConvertible {
    let description: String
}

/// Expands `lines[range]` with the given values and flags.
func expand(_ lines: [Substring], values: [String: String], flags: Set<String>) throws -> [String] {
    var output: [String] = []
    var index = 0
    while index < lines.count {
        let line = lines[index]
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("%for ") || trimmed.hasPrefix("%if ") {
            let (body, elseBody, next) = try block(lines, from: index + 1)
            let words = trimmed.split(separator: " ").dropFirst().map(String.init)
            if trimmed.hasPrefix("%for ") {
                guard words.count >= 3, words[1] == "in" else { throw TemplateError(description: "bad %for: \(line)") }
                for value in words.dropFirst(2) {
                    var inner = values
                    inner[words[0]] = value
                    output += try expand(body, values: inner, flags: flags.union([value]))
                }
            } else {
                let holds = words.allSatisfy { flags.contains($0) }
                output += try expand(holds ? body : elseBody, values: values, flags: flags)
            }
            index = next
            continue
        }
        output.append(try substitute(String(line), values))
        index += 1
    }
    return output
}

/// The lines of a block starting at `start` up to its %else (if any) and %end, and the index after %end.
func block(_ lines: [Substring], from start: Int) throws -> ([Substring], [Substring], Int) {
    var depth = 0
    var elseIndex: Int?
    var index = start
    while index < lines.count {
        let trimmed = lines[index].trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("%for ") || trimmed.hasPrefix("%if ") { depth += 1 }
        if trimmed == "%else" && depth == 0 { elseIndex = index }
        if trimmed == "%end" {
            if depth == 0 {
                let body = Array(lines[start..<(elseIndex ?? index)])
                let elseBody = elseIndex.map { Array(lines[($0 + 1)..<index]) } ?? []
                return (body, elseBody, index + 1)
            }
            depth -= 1
        }
        index += 1
    }
    throw TemplateError(description: "a %for or %if from line \(start) has no %end")
}

func substitute(_ line: String, _ values: [String: String]) throws -> String {
    var result = ""
    var rest = Substring(line)
    while let open = rest.range(of: "${") {
        result += rest[..<open.lowerBound]
        guard let close = rest[open.upperBound...].firstIndex(of: "}") else { throw TemplateError(description: "unclosed ${ in: \(line)") }
        let name = String(rest[open.upperBound..<close])
        guard let value = values[name] else { throw TemplateError(description: "unknown ${\(name)} in: \(line)") }
        result += value
        rest = rest[rest.index(after: close)...]
    }
    return result + rest
}

let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let check = CommandLine.arguments.contains("--check")
// Each template, its curves, and the file it writes for each (its name after the curve's ${Curve}).
let jobs = [("CurveKeys.swift.template", curves, "Keys"), ("EdwardsKeys.swift.template", edwardsCurves, "Keys"),
            ("EdwardsError.swift.template", edwardsCurves, "Error")]
do {
    var stale: [String] = []
    for (templateName, family, suffix) in jobs {
        let template = try String(contentsOf: root.appendingPathComponent("scripts/curve-keys/\(templateName)"), encoding: .utf8)
        let lines = template.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        for curve in family {
            let name = curve.values["Curve"]!
            let banner = [
                "// GENERATED from scripts/curve-keys/\(templateName) by scripts/generate-curve-keys.swift: do not",
                "// edit; change the template and run `swift scripts/generate-curve-keys.swift` (CI checks the two agree).",
                "//",
            ]
            let text = (banner + (try expand(Array(lines), values: curve.values, flags: curve.flags))).joined(separator: "\n") + "\n"
            let path = "Sources/Pure\(name)/\(name)\(suffix).swift"
            let url = root.appendingPathComponent(path)
            if check {
                if (try? String(contentsOf: url, encoding: .utf8)) != text { stale.append(path) }
            } else {
                try text.write(to: url, atomically: true, encoding: .utf8)
                print("wrote \(path)")
            }
        }
    }
    if !stale.isEmpty {
        print("generated files differ from the templates: \(stale.joined(separator: ", ")); run `swift scripts/generate-curve-keys.swift` and commit")
        exit(1)
    }
} catch {
    FileHandle.standardError.write("generate-curve-keys: \(error)\n".data(using: .utf8)!)
    exit(2)
}
