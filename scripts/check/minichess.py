"""A small chess board for checking the programs from outside: legal moves, check and mate.

Written apart from libchess on purpose (no code shared, no chess library needed), so that
what it says about a translated move is an independent judgement. Slow and plain: a
square is 0..63 (a1 = 0, h8 = 63), a piece a letter (PNBRQK White, pnbrqk Black).
"""

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1)]
ROOK = [(1, 0), (-1, 0), (0, 1), (0, -1)]
BISHOP = [(1, 1), (1, -1), (-1, 1), (-1, -1)]


def square(name):
    return (ord(name[0]) - 97) + 8 * (int(name[1]) - 1)


def name(sq):
    return "abcdefgh"[sq % 8] + str(sq // 8 + 1)


def white(piece):
    return piece.isupper()


class Board:
    def __init__(self, fen=START):
        fields = fen.split()
        self.squares = [None] * 64
        for row, text in enumerate(fields[0].split("/")):
            file = 0
            for ch in text:
                if ch.isdigit():
                    file += int(ch)
                else:
                    self.squares[8 * (7 - row) + file] = ch
                    file += 1
        self.white_to_move = fields[1] == "w"
        self.castling = set(fields[2]) - {"-"} if len(fields) > 2 else set()
        self.ep = square(fields[3]) if len(fields) > 3 and fields[3] != "-" else None

    def copy(self):
        other = Board.__new__(Board)
        other.squares = list(self.squares)
        other.white_to_move = self.white_to_move
        other.castling = set(self.castling)
        other.ep = self.ep
        return other

    def king(self, is_white):
        return self.squares.index("K" if is_white else "k")

    def attacked(self, sq, by_white):
        """Whether a man of that colour attacks sq."""
        f, r = sq % 8, sq // 8

        def at(df, dr):
            nf, nr = f + df, r + dr
            return self.squares[nf + 8 * nr] if 0 <= nf < 8 and 0 <= nr < 8 else None

        def mine(piece, letter):
            return piece is not None and piece.upper() == letter and white(piece) == by_white

        pawn_rank = -1 if by_white else 1
        if any(mine(at(df, pawn_rank), "P") for df in (-1, 1)):
            return True
        if any(mine(at(df, dr), "N") for df, dr in KNIGHT) or any(mine(at(df, dr), "K") for df, dr in KING):
            return True
        for directions, sliders in ((ROOK, "RQ"), (BISHOP, "BQ")):
            for df, dr in directions:
                nf, nr = f + df, r + dr
                while 0 <= nf < 8 and 0 <= nr < 8:
                    piece = self.squares[nf + 8 * nr]
                    if piece is not None:
                        if white(piece) == by_white and piece.upper() in sliders:
                            return True
                        break
                    nf, nr = nf + df, nr + dr
        return False

    def in_check(self):
        return self.attacked(self.king(self.white_to_move), not self.white_to_move)

    def _pseudo(self):
        side = self.white_to_move
        for sq, piece in enumerate(self.squares):
            if piece is None or white(piece) != side:
                continue
            f, r = sq % 8, sq // 8
            kind = piece.upper()
            if kind == "P":
                yield from self._pawn(sq, f, r, side)
                continue
            steps = {"N": KNIGHT, "K": KING, "R": ROOK, "B": BISHOP, "Q": ROOK + BISHOP}[kind]
            slides = kind in "RBQ"
            for df, dr in steps:
                nf, nr = f + df, r + dr
                while 0 <= nf < 8 and 0 <= nr < 8:
                    target = self.squares[nf + 8 * nr]
                    if target is not None and white(target) == side:
                        break
                    yield name(sq) + name(nf + 8 * nr)
                    if target is not None or not slides:
                        break
                    nf, nr = nf + df, nr + dr
        yield from self._castlings(side)

    def _pawn(self, sq, f, r, side):
        dr = 1 if side else -1
        last = 7 if side else 0
        ahead = sq + 8 * dr
        targets = []
        if self.squares[ahead] is None:
            targets.append(ahead)
            if r == (1 if side else 6) and self.squares[ahead + 8 * dr] is None:
                targets.append(ahead + 8 * dr)
        for df in (-1, 1):
            if 0 <= f + df < 8:
                to = ahead + df
                target = self.squares[to]
                if (target is not None and white(target) != side) or to == self.ep:
                    targets.append(to)
        for to in targets:
            if to // 8 == last:
                for promoted in "qrbn":
                    yield name(sq) + name(to) + promoted
            else:
                yield name(sq) + name(to)

    def _castlings(self, side):
        if self.in_check():
            return
        rank = 0 if side else 56
        for right, rook, path, king_path in (("K", 7, (5, 6), (5, 6)), ("Q", 0, (1, 2, 3), (3, 2))):
            letter = right if side else right.lower()
            if letter not in self.castling or self.squares[rank + 4] != ("K" if side else "k"):
                continue
            if self.squares[rank + rook] != ("R" if side else "r"):
                continue
            if any(self.squares[rank + s] is not None for s in path):
                continue
            if any(self.attacked(rank + s, not side) for s in king_path):
                continue
            yield name(rank + 4) + name(rank + king_path[1])

    def legal_moves(self):
        moves = []
        for move in self._pseudo():
            after = self.copy()
            after._play(move)
            if not after.attacked(after.king(self.white_to_move), after.white_to_move):
                moves.append(move)
        return moves

    def is_checkmate(self):
        return self.in_check() and not self.legal_moves()

    def describe(self, move):
        """What a move does: the piece moved, the one taken (with its square), castling, e.p."""
        frm, to = square(move[:2]), square(move[2:4])
        piece = self.squares[frm]
        info = {"piece": piece.upper(), "from": frm, "to": to, "captured": None, "captured_at": None,
                "castles": None, "ep": False, "promotion": move[4:].upper() or None}
        if piece.upper() == "K" and abs(frm - to) == 2:
            info["castles"] = "K" if to > frm else "Q"
        elif piece.upper() == "P" and to == self.ep and frm % 8 != to % 8:
            info["ep"] = True
            info["captured"], info["captured_at"] = "P", to - 8 if white(piece) else to + 8
        elif self.squares[to] is not None:
            info["captured"], info["captured_at"] = self.squares[to].upper(), to
        return info

    def push(self, move):
        self._play(move)

    def _play(self, move):
        frm, to = square(move[:2]), square(move[2:4])
        piece = self.squares[frm]
        side = white(piece)
        if piece.upper() == "P" and to == self.ep and frm % 8 != to % 8:
            self.squares[to - 8 if side else to + 8] = None
        if piece.upper() == "K" and abs(frm - to) == 2:
            rook_from, rook_to = (frm + 3, frm + 1) if to > frm else (frm - 4, frm - 1)
            self.squares[rook_to], self.squares[rook_from] = self.squares[rook_from], None
        self.squares[to], self.squares[frm] = piece, None
        if len(move) > 4:
            self.squares[to] = move[4].upper() if side else move[4].lower()
        self.ep = (frm + to) // 2 if piece.upper() == "P" and abs(frm - to) == 16 else None
        for sq, rights in ((4, "KQ"), (60, "kq"), (0, "Q"), (7, "K"), (56, "q"), (63, "k")):
            if frm == sq or to == sq:
                self.castling -= set(rights)
        self.white_to_move = not self.white_to_move
