import FuzzDriver

runFuzzer { data, size in fuzzBase64(data, size) }
