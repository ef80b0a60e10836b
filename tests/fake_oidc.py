"""A small fake OpenID Connect provider (Google's token endpoint and JWKS) for sign-in tests.

Codes are scripted: ``provider.codes[code] = claims`` makes the token endpoint answer that code
with an RS256 ID token carrying those claims, signed by a key published at /jwks.
"""

import time
import uuid
from typing import Any

import jwt
from cryptography.hazmat.primitives.asymmetric import rsa
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

ISSUER = "https://accounts.google.com"


class FakeOidcProvider:
    def __init__(self, client_id: str, client_secret: str) -> None:
        self.client_id = client_id
        self.client_secret = client_secret
        self.key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
        self.kid = uuid.uuid4().hex
        self.codes: dict[str, dict[str, Any]] = {}
        self.requests: list[dict[str, str]] = []
        self.app = Starlette(
            routes=[
                Route("/token", self._token, methods=["POST"]),
                Route("/jwks", self._jwks, methods=["GET"]),
            ]
        )

    def id_token(self, claims: dict[str, Any], *, key: Any = None) -> str:
        now = int(time.time())
        payload = {"iss": ISSUER, "aud": self.client_id, "iat": now, "exp": now + 600} | claims
        return jwt.encode(payload, key or self.key, algorithm="RS256", headers={"kid": self.kid})

    async def _token(self, request: Request) -> JSONResponse:
        form = {k: str(v) for k, v in (await request.form()).items()}
        self.requests.append(form)
        if (
            form.get("client_id") != self.client_id
            or form.get("client_secret") != self.client_secret
        ):
            return JSONResponse({"error": "invalid_client"}, status_code=401)
        claims = self.codes.pop(form.get("code", ""), None)
        if claims is None or form.get("grant_type") != "authorization_code":
            return JSONResponse({"error": "invalid_grant"}, status_code=400)
        token = claims.pop("__raw_id_token", None) or self.id_token(claims)
        return JSONResponse(
            {"access_token": uuid.uuid4().hex, "token_type": "Bearer", "id_token": token}
        )

    async def _jwks(self, _request: Request) -> JSONResponse:
        jwk = jwt.algorithms.RSAAlgorithm.to_jwk(self.key.public_key(), as_dict=True)
        return JSONResponse({"keys": [jwk | {"kid": self.kid, "use": "sig", "alg": "RS256"}]})
