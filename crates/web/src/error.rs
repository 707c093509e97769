//! API errors: every failure is a JSON body `{"error": message}` with the right status.

use axum::Json;
use axum::extract::FromRequest;
use axum::extract::rejection::JsonRejection;
use axum::http::{StatusCode, header};
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
        ApiError::internal(e.to_string())
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

/// Turns any error response that is not JSON yet (an unknown route, a wrong method, a body
/// over the limit caught by the layer, a timeout) into a JSON error with the same status.
pub(crate) async fn jsonify_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if status.is_client_error() || status.is_server_error() {
        if is_json {
            return response;
        }
        let message = match status {
            StatusCode::NOT_FOUND => "no such path",
            StatusCode::METHOD_NOT_ALLOWED => "method not allowed on this path",
            StatusCode::PAYLOAD_TOO_LARGE => "request body too large",
            StatusCode::REQUEST_TIMEOUT => "the request took too long",
            _ => status.canonical_reason().unwrap_or("error"),
        };
        return json_error(status, message);
    }
    response
}
