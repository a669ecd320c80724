var a = ;
function f( {
