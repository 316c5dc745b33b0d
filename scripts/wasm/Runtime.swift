// What Embedded Swift needs from a C library, for a wasm32 module with no libc: memory (a bump allocator
// over the linear memory after the linker's __heap_base; `free` keeps nothing — the program is short),
// randomness (refused: the known answers need none), and WASI's fd_write and proc_exit for output.

@_extern(wasm, module: "wasi_snapshot_preview1", name: "fd_write")
@_extern(c)
func wasiFDWrite(_ fd: Int32, _ iovs: UnsafeRawPointer, _ count: Int32, _ written: UnsafeMutablePointer<Int32>) -> Int32

@_extern(wasm, module: "wasi_snapshot_preview1", name: "proc_exit")
@_extern(c)
func wasiProcExit(_ code: Int32)

enum WASI {
    static func write(_ text: StaticString) {
        var iovec: (UInt32, UInt32) = (UInt32(UInt(bitPattern: text.utf8Start)), UInt32(text.utf8CodeUnitCount))
        var written: Int32 = 0
        _ = withUnsafePointer(to: &iovec) { wasiFDWrite(1, UnsafeRawPointer($0), 1, &written) }
    }

    static func exit(_ code: Int32) { wasiProcExit(code) }
}

@_extern(c, "__heap_base")
nonisolated(unsafe) var heapBase: UInt8

nonisolated(unsafe) var nextFree: UInt = 0

@_cdecl("posix_memalign")
func posixMemalign(_ result: UnsafeMutablePointer<UnsafeMutableRawPointer?>, _ alignment: Int, _ size: Int) -> Int32 {
    if nextFree == 0 { nextFree = withUnsafeMutablePointer(to: &heapBase) { UInt(bitPattern: $0) } }
    let align = UInt(max(alignment, 16))
    let start = (nextFree + align - 1) & ~(align - 1)
    nextFree = start + UInt(size)
    result.pointee = UnsafeMutableRawPointer(bitPattern: start)
    return 0
}

@_cdecl("free")
func releaseMemory(_ pointer: UnsafeMutableRawPointer?) {}

@_cdecl("arc4random_buf")
func randomBytes(_ buffer: UnsafeMutableRawPointer, _ count: Int) {
    WASI.write("FAIL randomness requested; the known answers need none\n")
    WASI.exit(99)
}

/// compiler-rt's 128-bit multiply, which LLVM calls for `multipliedFullWidth` on wasm32 (wasm has 64-bit
/// multiplies only) and which the toolchain ships no wasm32 builtins library for. The low 128 bits of
/// a × b, from 32-bit halves so that nothing here calls back into a 128-bit multiply. wasm32's C ABI passes
/// each 128-bit value as two 64-bit halves and returns one through a pointer.
@_cdecl("__multi3")
func multiply128(_ result: UnsafeMutablePointer<UInt64>, _ aLow: UInt64, _ aHigh: UInt64, _ bLow: UInt64, _ bHigh: UInt64) {
    let (a0, a1) = (aLow & 0xFFFF_FFFF, aLow >> 32)
    let (b0, b1) = (bLow & 0xFFFF_FFFF, bLow >> 32)
    let p00 = a0 &* b0, p01 = a0 &* b1, p10 = a1 &* b0, p11 = a1 &* b1
    let middle = (p00 >> 32) &+ (p01 & 0xFFFF_FFFF) &+ (p10 & 0xFFFF_FFFF)
    let low = (p00 & 0xFFFF_FFFF) | (middle << 32)
    let highOfLowProduct = p11 &+ (p01 >> 32) &+ (p10 >> 32) &+ (middle >> 32)
    result[0] = low
    result[1] = highOfLowProduct &+ aLow &* bHigh &+ aHigh &* bLow
}

/// compiler-rt's 128-bit logical right shift, which LLVM calls for `UInt128 >> n` on wasm32 (PureCurve25519's
/// column sums). The same ABI as `__multi3`: the value as two halves, the result through a pointer.
@_cdecl("__lshrti3")
func shiftRight128(_ result: UnsafeMutablePointer<UInt64>, _ low: UInt64, _ high: UInt64, _ shift: Int32) {
    let count = UInt64(shift & 127)
    if count == 0 {
        (result[0], result[1]) = (low, high)
    } else if count < 64 {
        (result[0], result[1]) = ((low &>> count) | (high &<< (64 - count)), high &>> count)
    } else {
        (result[0], result[1]) = (high &>> (count - 64), 0)
    }
}
