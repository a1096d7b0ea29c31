"""The package's one exception type."""

from __future__ import annotations

from typing import Any


class WallclockError(ValueError):
    """Bad input, or a ceiling reached: the engine's structured error.

    ``code`` is the stable token every surface uses (``unknown_time_zone``,
    ``invalid_rrule``, ``limit_exceeded``, ...), ``message`` the command
    line's sentence, ``field`` the spec field or argument at fault and
    ``position`` a byte position inside it, when known.
    """

    code: str
    message: str
    field: str | None
    position: int | None

    def __init__(
        self,
        code: str,
        message: str,
        field: str | None = None,
        position: int | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.position = position

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return (
            f"WallclockError(code={self.code!r}, message={self.message!r}, "
            f"field={self.field!r}, position={self.position!r})"
        )

    def __reduce__(self) -> tuple[Any, ...]:
        return (type(self), (self.code, self.message, self.field, self.position))

    def to_dict(self) -> dict[str, Any]:
        """The JSON error object the command line prints on stderr."""
        out: dict[str, Any] = {"code": self.code, "message": self.message}
        if self.field is not None:
            out["field"] = self.field
        if self.position is not None:
            out["position"] = self.position
        return out
