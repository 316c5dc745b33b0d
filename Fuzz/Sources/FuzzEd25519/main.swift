import FuzzDriver

runFuzzer { data, size in fuzzEd25519(data, size) }
