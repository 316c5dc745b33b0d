// A reader for NIST CAVP response files (.rsp): `[Section]` headers, `# comments`, and records of
// `Name = Value` lines separated by blank lines. CRLF and LF both occur in the published files.

import Foundation

public struct NISTRecord: Sendable {
    /// The most recent `[...]` header before the record, without brackets (e.g. "L=32", "P-256,SHA-256").
    public let section: String
    /// The 1-based line number of the record's first line, for failure messages.
    public let line: Int
    /// The record's fields in file order.
    public let fields: [(name: String, value: String)]

    /// The value of `name`, or a thrown error naming the record.
    public func value(_ name: String) throws -> String {
        guard let field = fields.first(where: { $0.name == name }) else {
            throw VectorFileError(description: "record at line \(line) has no field '\(name)'")
        }
        return field.value
    }

    public func has(_ name: String) -> Bool { fields.contains { $0.name == name } }
}

public enum NISTResponseFile {
    /// Every record of `text`, each tagged with its section.
    public static func records(_ text: String) -> [NISTRecord] {
        var records: [NISTRecord] = []
        var section = ""
        var fields: [(name: String, value: String)] = []
        var firstLine = 0
        func flush() {
            if !fields.isEmpty { records.append(NISTRecord(section: section, line: firstLine, fields: fields)) }
            fields = []
        }
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
        for (index, rawLine) in lines.enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
            if line.isEmpty { flush(); continue }
            if line.hasPrefix("#") { continue }
            if line.hasPrefix("[") && line.hasSuffix("]") {
                flush()
                section = String(line.dropFirst().dropLast()).replacingOccurrences(of: " ", with: "")
                continue
            }
            guard let equals = line.firstIndex(of: "=") else { continue }
            if fields.isEmpty { firstLine = index + 1 }
            let name = line[..<equals].trimmingCharacters(in: .whitespacesAndNewlines)
            let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespacesAndNewlines)
            fields.append((name, value))
        }
        flush()
        return records
    }
}
