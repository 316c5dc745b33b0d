// Finding and reading the vector files that tests carry beside their sources.
//
// Each test target keeps its vector files in a `Vectors/` folder next to its Swift files (excluded from
// the target in Package.swift) with a README naming their origin. Files are located through `#filePath`
// of the calling test, so the tests run from a plain clone without resource bundles.

import Foundation

public struct VectorFileError: Error, CustomStringConvertible {
    public let description: String
    public init(description: String) { self.description = description }
}

public enum VectorFiles {
    /// The path of `name` in the `Vectors/` folder beside the calling test file.
    public static func path(_ name: String, testFile: String = #filePath) -> String {
        URL(fileURLWithPath: testFile).deletingLastPathComponent()
            .appendingPathComponent("Vectors").appendingPathComponent(name).path
    }

    /// The bytes of `name` in the calling test's `Vectors/` folder.
    public static func data(_ name: String, testFile: String = #filePath) throws -> Data {
        let path = path(name, testFile: testFile)
        guard let data = FileManager.default.contents(atPath: path) else {
            throw VectorFileError(description: "vector file not found: \(path)")
        }
        guard !data.isEmpty else { throw VectorFileError(description: "vector file is empty: \(path)") }
        return data
    }

    /// The text of `name` in the calling test's `Vectors/` folder.
    public static func text(_ name: String, testFile: String = #filePath) throws -> String {
        String(decoding: try data(name, testFile: testFile), as: UTF8.self)
    }

    /// `name`, decoded from JSON.
    public static func json<T: Decodable>(_ type: T.Type, _ name: String, testFile: String = #filePath) throws -> T {
        try JSONDecoder().decode(T.self, from: try data(name, testFile: testFile))
    }
}
