// libFuzzer's driver for every harness. SwiftPM owns each executable's main (it renames it for
// testability), so libFuzzer's own main is not used: each harness's main.swift calls `runFuzzer` with its
// test function, and libFuzzer takes over (flags as for any libFuzzer binary: see scripts/fuzz.sh).
#if canImport(Glibc)
import Glibc
#endif

public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                         _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                         _ callback: FuzzTest) -> CInt

/// Runs libFuzzer over `test` with this process's arguments, and exits with its status.
public func runFuzzer(_ test: FuzzTest) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
