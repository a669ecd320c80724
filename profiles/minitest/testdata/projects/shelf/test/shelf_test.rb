require "minitest/autorun"
require_relative "../lib/shelf"

class ShelfTest < Minitest::Test
  def test_add
    assert_equal ["Dune"], Shelf.new.add("Dune").titles
  end

  def test_empty
    assert_empty Shelf.new.titles
  end

  def test_first_letter
    assert_nil Shelf.new.first_letter
  end

  def test_later
    skip "not yet"
  end
end

class CountTest < Minitest::Test
  def test_add
    assert_equal 2, Shelf.new.add("a").add("b").titles.size + 1
  end

  def test_includes
    assert_includes Shelf.new.add("Emma").titles, "Emma"
  end
end
