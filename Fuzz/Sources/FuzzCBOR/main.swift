import FuzzDriver

runFuzzer { data, size in fuzzCBOR(data, size) }
