"""Formatters."""

def Format0(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format1(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format2(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format3(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format4(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format5(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format6(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format7(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format8(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format9(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format10(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format11(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format12(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format13(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format14(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format15(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format16(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format17(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format18(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format19(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format20(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format21(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format22(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format23(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format24(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format25(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format26(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format27(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format28(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format29(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format30(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format31(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format32(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format33(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format34(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format35(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format36(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format37(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format38(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format39(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format40(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format41(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format42(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format43(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format44(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format45(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format46(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format47(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format48(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format49(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format50(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format51(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format52(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format53(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format54(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format55(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format56(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format57(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format58(Value,Width):
    s=str(Value)
    return s.rjust(Width)

def Format59(Value,Width):
    s=str(Value)
    return s.rjust(Width)
