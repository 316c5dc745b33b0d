import FuzzDriver

runFuzzer { data, size in fuzzMLDSA(data, size) }
