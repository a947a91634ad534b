module tablestore-fake

go 1.23

require (
	github.com/aliyun/aliyun-tablestore-go-sdk v4.1.3+incompatible
	github.com/golang/protobuf v1.5.4
)

require (
	google.golang.org/protobuf v1.36.11 // indirect
	gopkg.in/check.v1 v1.0.0-20201130134442-10cb98267c6c // indirect
)
