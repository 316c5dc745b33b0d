import FuzzDriver

runFuzzer { data, size in fuzzWebAuthn(data, size) }
