import { MemoryDeviceRepository } from '../../../adapters/storage/memory/device-repository.js'
import { deviceRepositoryContract } from '../../contracts/device-repository.contract.js'

deviceRepositoryContract('MemoryDeviceRepository', () => ({ devices: new MemoryDeviceRepository() }))
