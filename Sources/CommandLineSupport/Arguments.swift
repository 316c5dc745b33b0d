// What the command-line tools share (appleauth, jwt): a small argument parser (positional values,
// "--flag value" options, repeatable, and "--help"), exit codes, errors that end a tool with one line,
// and bounded reading of files and standard input.

import Foundation

/// Exit codes of the tool.
package enum ExitCode: Int32 {
    case success = 0
    /// A token, signature or claim was rejected.
    case rejected = 1
    /// A usage or input error: bad flag, unreadable or malformed file.
    case usage = 2
    /// A network or server error.
    case network = 3
}

/// An error that ends the tool with an exit code and one line on stderr.
package struct ToolError: Error {
    package let code: ExitCode
    package let message: String
    package init(code: ExitCode, message: String) { (self.code, self.message) = (code, message) }
    package static func usage(_ message: String) -> ToolError { ToolError(code: .usage, message: message) }
    package static func rejected(_ message: String) -> ToolError { ToolError(code: .rejected, message: message) }
    package static func network(_ message: String) -> ToolError { ToolError(code: .network, message: message) }
}

package struct Arguments {
    package private(set) var positional: [String] = []
    private var options: [String: [String]] = [:]
    package let wantsHelp: Bool

    /// Parses `arguments`; `flags` lists the options the command accepts that take a value, `switches`
    /// those that take none (`--all`).
    package init(_ arguments: [String], flags: Set<String>, switches: Set<String> = []) throws {
        var help = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--help" || argument == "-h" {
                help = true
            } else if argument.hasPrefix("--") {
                let name = String(argument.dropFirst(2))
                if switches.contains(name) {
                    options[name, default: []].append("")
                    index += 1
                    continue
                }
                guard flags.contains(name) else { throw ToolError.usage("unknown option \(argument); see --help") }
                guard index + 1 < arguments.count else { throw ToolError.usage("\(argument) needs a value") }
                options[name, default: []].append(arguments[index + 1])
                index += 1
            } else {
                positional.append(argument)
            }
            index += 1
        }
        wantsHelp = help
    }

    package func value(_ name: String) -> String? { options[name]?.last }
    package func values(_ name: String) -> [String] { options[name] ?? [] }
    /// Whether the option (a switch, or one with a value) was given.
    package func has(_ name: String) -> Bool { options[name] != nil }

    package func required(_ name: String) throws -> String {
        guard let value = value(name) else { throw ToolError.usage("missing --\(name); see --help") }
        return value
    }

    /// The option's value as a number within `range`: "inf", "nan", "1e300", a negative where none is
    /// meant, and anything that is not a number are usage errors (exit 2), never a trap further on.
    package func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite else {
            throw ToolError.usage("--\(name) must be a finite number, got \"\(text)\"")
        }
        guard range.contains(number) else {
            throw ToolError.usage("--\(name) must be from \(Self.show(range.lowerBound)) to \(Self.show(range.upperBound)), got \(text)")
        }
        return number
    }

    /// A time given as seconds since 1970, from 1970 to 9999.
    package func time(_ name: String) throws -> Date? {
        try number(name, in: 0...253_402_300_799).map { Date(timeIntervalSince1970: $0) }
    }

    /// A time given as ISO 8601 (`2026-06-01T12:00:00Z`, fractional seconds allowed), or nil when absent.
    package func iso8601Time(_ name: String) throws -> Date? {
        guard let text = value(name) else { return nil }
        guard let date = iso8601Date(text) else {
            throw ToolError.usage("--\(name) must be an ISO 8601 time such as 2026-06-01T12:00:00Z, not \"\(text.prefix(60))\"")
        }
        return date
    }

    private static func show(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// `text` as an ISO 8601 internet date-time, with or without fractional seconds.
package func iso8601Date(_ text: String) -> Date? {
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: text)
}

/// Whether standard input has been read by `readInput`: one tool command runs per process, and only one
/// of its arguments can be "-".
nonisolated(unsafe) private var standardInputTaken = false

/// The contents of a file, or of stdin for "-", at most `limit` bytes (default 1 MiB): a key, claims or a
/// token is never larger, and a path such as /dev/zero must end in a message, not in exhausted memory.
/// `tooLarge` replaces the over-limit explanation for inputs that are not keys, tokens or claims.
package func readInput(_ path: String, limit: Int = 1 << 20, tooLarge: String? = nil) throws -> Data {
    let handle: FileHandle
    if path == "-" {
        // A second "-" would find standard input at its end and read nothing, which then failed as an
        // empty or malformed key, token or file with a message that did not say why.
        guard !standardInputTaken else {
            throw ToolError.usage("standard input is already given for another argument; only one can be -: give this one as a file")
        }
        standardInputTaken = true
        handle = FileHandle.standardInput
    } else {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue,
              let opened = FileHandle(forReadingAtPath: path) else {
            throw ToolError.usage("cannot read \(path)")
        }
        handle = opened
    }
    defer { if path != "-" { try? handle.close() } }
    var data = Data()
    do {
        while data.count <= limit, let chunk = try handle.read(upToCount: 64 * 1024), !chunk.isEmpty { data.append(chunk) }
    } catch {
        throw ToolError.usage("cannot read \(path == "-" ? "standard input" : path): \(error.localizedDescription)")
    }
    guard data.count <= limit else {
        throw ToolError.usage("\(path == "-" ? "standard input" : path) is larger than \(limit / 1024) KiB; " + (tooLarge ?? "this is not a key, token or claims file"))
    }
    return data
}

/// A token given on the command line, or read from stdin for "-"; surrounding whitespace is dropped.
/// An argument naming an existing file is refused with the way to pass the file (`- < FILE`): read as a
/// token, a file name fails later with a count of its dots, which tells the user nothing.
package func readToken(_ argument: String) throws -> String {
    if argument != "-" {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw ToolError.usage("\(argument) is a file; TOKEN is the token itself: give - in its place and the file on standard input (< \(argument))")
        }
    }
    let text = (argument == "-" ? String(decoding: try readInput("-"), as: UTF8.self) : argument).trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else { throw ToolError.usage(argument == "-" ? "standard input is empty: no token to read" : "TOKEN is empty") }
    return text
}

package func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Runs one command of a tool and turns what it throws into the exit code and one line on standard error
/// ("TOOL COMMAND: message"): a `ToolError` carries its code; anything else is a usage or input error.
package func runCommand(tool: String, command: String, _ body: () async throws -> ExitCode) async -> ExitCode {
    do {
        return try await body()
    } catch let error as ToolError {
        printError("\(tool) \(command): \(error.message)")
        return error.code
    } catch {
        printError("\(tool) \(command): \(error)")
        return .usage
    }
}
