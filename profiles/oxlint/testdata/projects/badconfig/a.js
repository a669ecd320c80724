debugger;
