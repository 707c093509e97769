//! Errors: every failure of the API (`/api/...`) is a JSON body `{"error": message,
//! "status": code}` with the right status; a page that does not exist is an HTML page
//! that says so and leads back to the games.

use axum::Json;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, Request};
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// An error the API answers with: a status and a message for the player.
#[derive(Debug)]
pub(crate) struct ApiError {
    pub(crate) status: StatusCode,
    pub(crate) message: String,
}

#[derive(Serialize)]
struct ErrorBody<'a> {
    error: &'a str,
    status: u16,
}

impl ApiError {
    /// 400: the request is not one the API can take.
    pub(crate) fn bad(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::BAD_REQUEST,
            message: message.into(),
        }
    }

    /// 404: no such game (never made, expired or evicted).
    pub(crate) fn no_game() -> ApiError {
        ApiError {
            status: StatusCode::NOT_FOUND,
            message: "no such game: it never existed or has expired".into(),
        }
    }

    /// 410: the game was kept but cannot be rebuilt (kept by another version of the
    /// program, or against another word list).
    pub(crate) fn gone(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::GONE,
            message: message.into(),
        }
    }

    /// 409: the game cannot take this yet (the computer is still working out its guess).
    pub(crate) fn conflict(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::CONFLICT,
            message: message.into(),
        }
    }

    /// 500: the server failed (the store, a task); the message says what.
    pub(crate) fn internal(message: impl Into<String>) -> ApiError {
        ApiError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            message: message.into(),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        json_error(self.status, &self.message)
    }
}

impl From<wordplay_scores::StoreError> for ApiError {
    fn from(e: wordplay_scores::StoreError) -> ApiError {
        match e {
            wordplay_scores::StoreError::Name(e) => ApiError::bad(e.to_string()),
            e => ApiError::internal(e.to_string()),
        }
    }
}

impl From<wordplay_scores::NameError> for ApiError {
    fn from(e: wordplay_scores::NameError) -> ApiError {
        ApiError::bad(e.to_string())
    }
}

/// A JSON error response.
pub(crate) fn json_error(status: StatusCode, message: &str) -> Response {
    let body = ErrorBody {
        error: message,
        status: status.as_u16(),
    };
    (status, Json(body)).into_response()
}

/// The JSON body of a request; a body that is not JSON, not the right shape, or too large
/// is a JSON error (400, 413, 415) instead of axum's plain-text rejection.
pub(crate) struct ApiJson<T>(pub(crate) T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    Json<T>: FromRequest<S, Rejection = JsonRejection>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: axum::extract::Request, state: &S) -> Result<Self, ApiError> {
        match Json::<T>::from_request(req, state).await {
            Ok(Json(value)) => Ok(ApiJson(value)),
            Err(rejection) => {
                let status = match rejection.status() {
                    StatusCode::PAYLOAD_TOO_LARGE => StatusCode::PAYLOAD_TOO_LARGE,
                    StatusCode::UNSUPPORTED_MEDIA_TYPE => StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    _ => StatusCode::BAD_REQUEST,
                };
                Err(ApiError {
                    status,
                    message: rejection.body_text(),
                })
            }
        }
    }
}

/// The page for a path that is not one (the page's own stylesheet, a way back).
const NOT_FOUND_PAGE: &str = include_str!("../assets/404.html");

/// Turns any error response that is not JSON yet (an unknown route, a wrong method, a body
/// over the limit caught by the layer, a timeout) into a JSON error with the same status
/// under `/api/`, and an unknown page elsewhere into the HTML page that says so.
pub(crate) async fn errors(request: Request, next: Next) -> Response {
    let api = request.uri().path().starts_with("/api/") || request.uri().path() == "/api";
    let response = next.run(request).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if is_json {
        return response;
    }
    if !api && status == StatusCode::NOT_FOUND {
        return (
            status,
            [
                (header::CONTENT_TYPE, "text/html; charset=utf-8"),
                (header::CONTENT_SECURITY_POLICY, crate::page::CSP),
            ],
            NOT_FOUND_PAGE,
        )
            .into_response();
    }
    let message = match status {
        StatusCode::NOT_FOUND => "no such path",
        StatusCode::METHOD_NOT_ALLOWED => "method not allowed on this path",
        StatusCode::PAYLOAD_TOO_LARGE => "request body too large",
        StatusCode::REQUEST_TIMEOUT => "the request took too long",
        _ => status.canonical_reason().unwrap_or("error"),
    };
    json_error(status, message)
}
