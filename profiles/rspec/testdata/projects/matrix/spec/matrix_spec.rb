# Specs of Ruby's matrix gem (0.4.2, as Debian's ruby ships it), run on a
# copy of its lib/ that scripts/capture-rspec.sh puts beside this file.
require_relative "../lib/matrix"

RSpec.describe Matrix do
  describe "#determinant" do
    {
      [[1]] => 1,
      [[2, 0], [0, 3]] => 6,
      [[1, 2], [3, 4]] => -2,
      [[4, 7], [2, 6]] => 10,
      [[0, 1], [1, 0]] => -1,
      [[5, 5], [5, 5]] => 0,
      [[1, 0, 0], [0, 1, 0], [0, 0, 1]] => 1,
      [[2, 0, 1], [1, 3, 2], [1, 1, 2]] => 6,
      [[6, 1, 1], [4, -2, 5], [2, 8, 7]] => -306,
      [[1, 2, 3], [4, 5, 6], [7, 8, 9]] => 0,
      [[1, 0, 0, 0], [0, 2, 0, 0], [0, 0, 3, 0], [0, 0, 0, 4]] => 24,
      [[1, 2, 0, 0], [3, 4, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]] => -2,
    }.each do |rows, det|
      it "of #{rows.inspect} is #{det}" do
        expect(Matrix[*rows].determinant).to eq(det)
      end
    end

    it "raises for a matrix that is not square" do
      expect { Matrix[[1, 2, 3], [4, 5, 6]].determinant }.to raise_error(Matrix::ErrDimensionMismatch)
    end
  end

  describe "#trace" do
    {
      [[1, 2], [3, 4]] => 5,
      [[7]] => 7,
      [[1, 0, 0], [0, 5, 0], [0, 0, 9]] => 15,
      [[2, 3, 4], [5, 6, 7], [8, 9, 10]] => 18,
    }.each do |rows, tr|
      it "of #{rows.inspect} is #{tr}" do
        expect(Matrix[*rows].trace).to eq(tr)
      end
    end
  end

  describe "#transpose" do
    it "swaps rows and columns" do
      expect(Matrix[[1, 2], [3, 4], [5, 6]].transpose).to eq(Matrix[[1, 3, 5], [2, 4, 6]])
    end

    it "is its own inverse" do
      m = Matrix[[1, 2, 3], [4, 5, 6]]
      expect(m.transpose.transpose).to eq(m)
    end
  end

  describe "#+" do
    it "adds elementwise" do
      expect(Matrix[[1, 2], [3, 4]] + Matrix[[10, 20], [30, 40]]).to eq(Matrix[[11, 22], [33, 44]])
    end

    it "refuses another size" do
      expect { Matrix[[1, 2]] + Matrix[[1], [2]] }.to raise_error(Matrix::ErrDimensionMismatch)
    end
  end

  describe "#*" do
    it "multiplies by a matrix" do
      expect(Matrix[[1, 2], [3, 4]] * Matrix[[5, 6], [7, 8]]).to eq(Matrix[[19, 22], [43, 50]])
    end

    it "multiplies by a number" do
      expect(Matrix[[1, 2], [3, 4]] * 3).to eq(Matrix[[3, 6], [9, 12]])
    end

    it "multiplies by a vector" do
      expect(Matrix[[1, 2], [3, 4]] * Vector[1, 1]).to eq(Vector[3, 7])
    end
  end

  describe "#inverse" do
    it "of a 2x2 matrix" do
      expect(Matrix[[4, 7], [2, 6]].inverse).to eq(Matrix[[Rational(3, 5), Rational(-7, 10)], [Rational(-1, 5), Rational(2, 5)]])
    end

    it "times the matrix is the identity" do
      m = Matrix[[2, 0, 1], [1, 3, 2], [1, 1, 2]]
      expect(m * m.inverse).to eq(Matrix.identity(3))
    end

    it "raises for a singular matrix" do
      expect { Matrix[[1, 2], [2, 4]].inverse }.to raise_error(Matrix::ErrNotRegular)
    end
  end

  describe "#rank" do
    {
      [[1, 2], [2, 4]] => 1,
      [[1, 0], [0, 1]] => 2,
      [[1, 2, 3], [4, 5, 6], [7, 8, 9]] => 2,
    }.each do |rows, rank|
      it "of #{rows.inspect} is #{rank}" do
        expect(Matrix[*rows].rank).to eq(rank)
      end
    end
  end

  describe "#symmetric?" do
    it "is true of a symmetric matrix" do
      expect(Matrix[[1, 2], [2, 1]]).to be_symmetric
    end

    it "is false otherwise" do
      expect(Matrix[[1, 2], [3, 1]]).not_to be_symmetric
    end
  end
end

RSpec.describe Vector do
  describe "#inner_product" do
    it "sums the products" do
      expect(Vector[1, 2, 3].inner_product(Vector[4, 5, 6])).to eq(32)
    end
  end

  describe "#+" do
    it "adds elementwise" do
      expect(Vector[1, 2] + Vector[3, 4]).to eq(Vector[4, 6])
    end
  end
end
