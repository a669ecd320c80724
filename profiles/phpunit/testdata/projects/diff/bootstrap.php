<?php
// terse's fixture: stands in for composer's vendor/autoload.php (the
// library's src/ and tests/ by PSR-4; PHPUnit from Debian's phpunit). It
// goes first: PHPUnit's own autoloader would load the copy of this library
// PHPUnit itself uses.
spl_autoload_register(function (string $class): void {
    $prefix = 'SebastianBergmann\\Diff\\';
    if (strncmp($class, $prefix, strlen($prefix)) !== 0) {
        return;
    }
    $rel = str_replace('\\', '/', substr($class, strlen($prefix))) . '.php';
    foreach ([__DIR__ . '/src/', __DIR__ . '/tests/'] as $dir) {
        if (is_file($dir . $rel)) {
            require $dir . $rel;
            return;
        }
    }
}, true, true);
