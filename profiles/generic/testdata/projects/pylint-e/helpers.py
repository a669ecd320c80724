"""Helpers."""

def Helper0(A,B):
    x=A+B
    return x

def Helper1(A,B):
    x=A+B
    return x

def Helper2(A,B):
    x=A+B
    return x

def Helper3(A,B):
    x=A+B
    return x

def Helper4(A,B):
    x=A+B
    return x

def Helper5(A,B):
    x=A+B
    return x

def Helper6(A,B):
    x=A+B
    return x

def Helper7(A,B):
    x=A+B
    return x

def Helper8(A,B):
    x=A+B
    return x

def Helper9(A,B):
    x=A+B
    return x

def Helper10(A,B):
    x=A+B
    return x

def Helper11(A,B):
    x=A+B
    return x

def Helper12(A,B):
    x=A+B
    return x

def Helper13(A,B):
    x=A+B
    return x

def Helper14(A,B):
    x=A+B
    return x

def Helper15(A,B):
    x=A+B
    return x

def Helper16(A,B):
    x=A+B
    return x

def Helper17(A,B):
    x=A+B
    return x

def Helper18(A,B):
    x=A+B
    return x

def Helper19(A,B):
    x=A+B
    return x

def Helper20(A,B):
    x=A+B
    return x

def Helper21(A,B):
    x=A+B
    return x

def Helper22(A,B):
    x=A+B
    return x

def Helper23(A,B):
    x=A+B
    return x

def Helper24(A,B):
    x=A+B
    return x

def Helper25(A,B):
    x=A+B
    return x

def Helper26(A,B):
    x=A+B
    return x

def Helper27(A,B):
    x=A+B
    return x

def Helper28(A,B):
    x=A+B
    return x

def Helper29(A,B):
    x=A+B
    return x

def Helper30(A,B):
    x=A+B
    return x

def Helper31(A,B):
    x=A+B
    return x

def Helper32(A,B):
    x=A+B
    return x

def Helper33(A,B):
    x=A+B
    return x

def Helper34(A,B):
    x=A+B
    return x

def Helper35(A,B):
    x=A+B
    return x

def Helper36(A,B):
    x=A+B
    return x

def Helper37(A,B):
    x=A+B
    return x

def Helper38(A,B):
    x=A+B
    return x

def Helper39(A,B):
    x=A+B
    return x

def Helper40(A,B):
    x=A+B
    return x

def Helper41(A,B):
    x=A+B
    return x

def Helper42(A,B):
    x=A+B
    return x

def Helper43(A,B):
    x=A+B
    return x

def Helper44(A,B):
    x=A+B
    return x

def Helper45(A,B):
    x=A+B
    return x

def Helper46(A,B):
    x=A+B
    return x

def Helper47(A,B):
    x=A+B
    return x

def Helper48(A,B):
    x=A+B
    return x

def Helper49(A,B):
    x=A+B
    return x

def Helper50(A,B):
    x=A+B
    return x

def Helper51(A,B):
    x=A+B
    return x

def Helper52(A,B):
    x=A+B
    return x

def Helper53(A,B):
    x=A+B
    return x

def Helper54(A,B):
    x=A+B
    return x

def Helper55(A,B):
    x=A+B
    return x

def Helper56(A,B):
    x=A+B
    return x

def Helper57(A,B):
    x=A+B
    return x

def Helper58(A,B):
    x=A+B
    return x

def Helper59(A,B):
    x=A+B
    return x
