// A small argument parser: positional values, "--flag value" options (repeatable), and "--help".

import Foundation

/// Exit codes of the tool.
enum ExitCode: Int32 {
    case success = 0
    /// A token, signature or claim was rejected.
    case rejected = 1
    /// A usage or input error: bad flag, unreadable or malformed file.
    case usage = 2
    /// A network or server error.
    case network = 3
}

/// An error that ends the tool with an exit code and one line on stderr.
struct ToolError: Error {
    let code: ExitCode
    let message: String
    static func usage(_ message: String) -> ToolError { ToolError(code: .usage, message: message) }
    static func rejected(_ message: String) -> ToolError { ToolError(code: .rejected, message: message) }
    static func network(_ message: String) -> ToolError { ToolError(code: .network, message: message) }
}

struct Arguments {
    private(set) var positional: [String] = []
    private var options: [String: [String]] = [:]
    let wantsHelp: Bool

    /// Parses `arguments`; `flags` lists the options the command accepts (all take a value).
    init(_ arguments: [String], flags: Set<String>) throws {
        var help = false
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument == "--help" || argument == "-h" {
                help = true
            } else if argument.hasPrefix("--") {
                let name = String(argument.dropFirst(2))
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

    func value(_ name: String) -> String? { options[name]?.last }
    func values(_ name: String) -> [String] { options[name] ?? [] }

    func required(_ name: String) throws -> String {
        guard let value = value(name) else { throw ToolError.usage("missing --\(name); see --help") }
        return value
    }

    /// The option's value as a number within `range`: "inf", "nan", "1e300", a negative where none is
    /// meant, and anything that is not a number are usage errors (exit 2), never a trap further on.
    func number(_ name: String, in range: ClosedRange<Double>) throws -> Double? {
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
    func time(_ name: String) throws -> Date? {
        try number(name, in: 0...253_402_300_799).map { Date(timeIntervalSince1970: $0) }
    }

    private static func show(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// The contents of a file, or of stdin for "-".
func readInput(_ path: String) throws -> Data {
    if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
    guard let data = FileManager.default.contents(atPath: path) else { throw ToolError.usage("cannot read \(path)") }
    return data
}

/// A token given on the command line, or read from stdin for "-"; surrounding whitespace is dropped.
func readToken(_ argument: String) throws -> String {
    let text = argument == "-" ? String(decoding: try readInput("-"), as: UTF8.self) : argument
    return text.trimmingCharacters(in: .whitespacesAndNewlines)
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
