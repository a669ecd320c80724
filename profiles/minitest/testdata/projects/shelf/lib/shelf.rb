# A small shelf of books with bugs put in for the captures.
class Shelf
  def initialize
    @books = []
  end

  def add(title)
    @books << title.upcase # bug: titles are kept as given
    self
  end

  def titles
    @books
  end

  def first_letter
    @books.first[0]
  end
end
