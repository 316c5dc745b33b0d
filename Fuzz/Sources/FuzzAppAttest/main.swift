import FuzzDriver

runFuzzer { data, size in fuzzAppAttest(data, size) }
