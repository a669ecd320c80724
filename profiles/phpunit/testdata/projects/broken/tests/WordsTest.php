<?php declare(strict_types=1);
use PHPUnit\Framework\TestCase;

final class WordsTest extends TestCase
{
    public function testCounts(): void
    {
        $this->assertSame(2, str_word_count('two words'));
    }
}
