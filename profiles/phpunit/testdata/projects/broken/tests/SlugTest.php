<?php declare(strict_types=1);
use PHPUnit\Framework\TestCase;

final class SlugTest extends TestCase
{
    public function testLowercases(): void
    {
        $this->assertSame('hello-world', strtolower('Hello-World'));
    }

    public function testTrims(): void
    {
        $this->assertSame('a', trim(' a ')
    }
}
