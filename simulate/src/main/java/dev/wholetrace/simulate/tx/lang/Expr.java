package dev.wholetrace.simulate.tx.lang;

/** An expression of the thesis language (structured form; the lowering splits it into single-operator instructions). */
public sealed interface Expr {
    /** An integer literal. */
    record Num(long value) implements Expr {}

    /** A scalar variable. */
    record Var(String name, int line, int col) implements Expr {}

    /** An array element {@code name[index]}. */
    record Index(String name, Expr index, int line, int col) implements Expr {}

    /** A binary operation; {@code op} is one of + - * / % and the relational operators. */
    record Bin(String op, Expr left, Expr right) implements Expr {}

    /** Unary minus. */
    record Neg(Expr operand) implements Expr {}

    /** {@code test-and-set(v)}: sets {@code v} to 1 and yields its previous value, atomically (footnote 8). */
    record TestAndSet(String name, int line, int col) implements Expr {}
}
