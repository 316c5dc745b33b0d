import FuzzDriver

runFuzzer { data, size in fuzzECKeys(data, size) }
