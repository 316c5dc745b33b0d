import FuzzDriver

runFuzzer { data, size in fuzzApplePay(data, size) }
